import { List, Text, VisuallyHidden } from '@mantine/core';
import type { ComponentProps } from 'react';
import { PasswordField } from '../../../components/form-fields';
import { PASSWORD_RULES } from '../password-rules';

/** The password rules with a live tick for each one met. */
export function PasswordRulesList({ password, id }: { password: string; id: string }) {
  return (
    <div id={id}>
      <Text size="sm" fw={500} mb={4}>
        Your password needs:
      </Text>
      <List size="sm" spacing={2} listStyleType="none">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <List.Item key={rule.id} c={met ? 'green' : 'dimmed'}>
              <span aria-hidden="true">{met ? '✓ ' : '• '}</span>
              {rule.label}
              <VisuallyHidden>{met ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}

/** A new password: its input, described by the rules under it (each ticked once met). */
export function NewPasswordField({
  rulesId,
  ...field
}: Omit<ComponentProps<typeof PasswordField>, 'autoComplete' | 'aria-describedby'> & { rulesId: string }) {
  return (
    <>
      <PasswordField autoComplete="new-password" aria-describedby={rulesId} {...field} />
      <PasswordRulesList id={rulesId} password={field.value} />
    </>
  );
}
