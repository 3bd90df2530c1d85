import { Radio, Stack } from '@mantine/core';
import { useMantineColorScheme, type MantineColorScheme } from '@mantine/core';

/** Light, dark, or follow the system (which removes the stored choice). */
export function AppearanceForm() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Radio.Group
      label="Color scheme"
      description="System follows your device's light or dark setting, also when it changes."
      value={colorScheme}
      onChange={(value) => setColorScheme(value as MantineColorScheme)}
    >
      <Stack gap="xs" mt="xs">
        <Radio value="light" label="Light" />
        <Radio value="dark" label="Dark" />
        <Radio value="auto" label="System" />
      </Stack>
    </Radio.Group>
  );
}
