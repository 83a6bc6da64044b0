import { Field } from '@chakra-ui/react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render';
import { MultiSelect } from './multi-select';

function QueuesField({ onChange }: { onChange: (ids: number[]) => void }) {
  const [value, setValue] = useState<number[]>([]);
  return (
    <Field.Root>
      <Field.Label>Filas</Field.Label>
      <MultiSelect
        label="Filas"
        testId="queues"
        options={[
          { id: 1, name: 'Vendas' },
          { id: 2, name: 'Suporte' },
          { id: 3, name: 'Financeiro' },
        ]}
        value={value}
        onChange={(ids) => {
          setValue(ids);
          onChange(ids);
        }}
      />
    </Field.Root>
  );
}

describe('MultiSelect', () => {
  it('inside a form field, ticks the option whose label was clicked', async () => {
    const user = userEvent.setup();
    const chosen: number[][] = [];
    renderApp(<QueuesField onChange={(ids) => chosen.push(ids)} />);
    await user.click(screen.getByTestId('queues'));
    await user.click(await screen.findByText('Suporte'));
    await user.click(screen.getByText('Financeiro'));
    expect(chosen.at(-1)).toEqual([2, 3]);
    expect(screen.getByTestId('queues').textContent).toBe('Filas (2/3)');
  });
});
