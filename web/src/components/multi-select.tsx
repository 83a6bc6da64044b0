import { useId } from 'react';
import { Box, Button, Checkbox, Popover, Portal, Stack, Text } from '@chakra-ui/react';

export interface Option {
  id: number;
  name: string;
  color?: string | undefined;
}

interface Props {
  label: string;
  options: Option[];
  value: number[];
  onChange: (value: number[]) => void;
  testId?: string;
}

/**
 * A compact multi-select: a button showing how many are chosen, a popover of checkboxes. Each checkbox has ids of
 * its own: inside a `Field.Root` Chakra would otherwise give every checkbox the field's control id, and a click on
 * any label would toggle the first option.
 */
export function MultiSelect({ label, options, value, onChange, testId }: Props) {
  const base = useId();
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <Popover.Root positioning={{ placement: 'bottom-start' }}>
      <Popover.Trigger asChild>
        <Button size="xs" variant="outline" data-testid={testId}>
          {label} ({value.length}/{options.length})
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="64" maxH="popoverMax" overflowY="auto">
            <Popover.Body p="3">
              <Stack gap="2">
                {options.length === 0 && <Text color="fg.muted">—</Text>}
                {options.map((option) => (
                  <Checkbox.Root
                    key={option.id}
                    ids={{ label: `${base}-label-${option.id}`, hiddenInput: `${base}-input-${option.id}` }}
                    checked={value.includes(option.id)}
                    onCheckedChange={(e) => toggle(option.id, e.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>
                      {option.color && (
                        <Box
                          as="span"
                          display="inline-block"
                          w="2"
                          h="2"
                          borderRadius="full"
                          bg={option.color}
                          mr="2"
                        />
                      )}
                      {option.name}
                    </Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
