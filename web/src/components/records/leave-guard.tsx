import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { use, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router-dom';

/**
 * Asks before a form with unsaved changes is left: a dialog for links and Back inside the app, the
 * browser's own prompt for a reload or a closed tab. `unsaved` is read when the user navigates (not at
 * render), so a save that navigates at once is never stopped by a render that has not happened yet.
 */
export function LeaveGuard(props: { unsaved: () => boolean; dirty: boolean }) {
  // useBlocker needs the app's data router; a form shown under a plain router (a unit test) goes unguarded.
  return use(UNSAFE_DataRouterContext) ? <BlockingLeaveGuard {...props} /> : null;
}

function BlockingLeaveGuard({ unsaved, dirty }: { unsaved: () => boolean; dirty: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      unsaved(),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return (
    <Modal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      title="Leave without saving?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm">The changes you made on this form are not saved. Leaving drops them.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
