import { Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import { SupportRequestForm } from './support-request-form';

/** The header's Help entry (issue 22 §5): a support request from the page the user is on. */
export function HelpButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <Button variant="subtle" onClick={open} aria-haspopup="dialog">
        Help
      </Button>
      <Modal opened={opened} onClose={close} title="Contact support" size="lg">
        {opened ? (
          <SupportRequestForm
            page={location.pathname}
            onCancel={close}
            onSent={(id) => {
              close();
              toast.success('Support request sent. We emailed you a copy; replies appear under Support.');
              navigate(`/support/${id}`);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}
