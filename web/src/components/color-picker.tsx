import { Button, chakra, ColorSwatch, Field, HStack, Input, Popover, Portal, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COLOR_PALETTE } from '../theme/palette';

interface Props {
  label: string;
  value: string;
  onChange: (color: string) => void;
  invalid?: boolean;
  error?: string | undefined;
}

/** A colour field: the chosen colour (also typed as text) and a popover of the 50-colour palette. */
export function ColorPicker({ label, value, onChange, invalid, error }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Field.Root invalid={Boolean(invalid)} required>
      <Field.Label>{label}</Field.Label>
      <HStack w="full">
        <Popover.Root open={open} onOpenChange={(e) => setOpen(e.open)} positioning={{ placement: 'bottom-start' }}>
          <Popover.Trigger asChild>
            <Button
              variant="outline"
              size="sm"
              aria-label={t('management.colorPicker.choose')}
              data-testid="color-open"
            >
              <ColorSwatch value={value || 'transparent'} boxSize="5" />
            </Button>
          </Popover.Trigger>
          <Portal>
            <Popover.Positioner>
              <Popover.Content w="auto">
                <Popover.Body p="2">
                  <SimpleGrid columns={10} gap="1" role="listbox" aria-label={label}>
                    {COLOR_PALETTE.map((color) => (
                      <chakra.button
                        key={color}
                        type="button"
                        role="option"
                        aria-label={color}
                        aria-selected={color === value}
                        data-testid={`color-${color.slice(1)}`}
                        w="6"
                        h="6"
                        borderRadius="sm"
                        bg={color}
                        outline={color === value ? '2px solid' : undefined}
                        outlineColor="fg"
                        onClick={() => {
                          onChange(color);
                          setOpen(false);
                        }}
                      />
                    ))}
                  </SimpleGrid>
                </Popover.Body>
              </Popover.Content>
            </Popover.Positioner>
          </Portal>
        </Popover.Root>
        <Input name="color" value={value} onChange={(e) => onChange(e.target.value)} size="sm" />
      </HStack>
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
