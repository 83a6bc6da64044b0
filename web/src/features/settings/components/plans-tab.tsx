import { Button, Field, HStack, Input, SimpleGrid, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Plan } from '../../../api/types';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { AddIcon } from '../../../components/icons';
import { ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useManagedList } from '../../../components/use-managed-list';
import { validateForm } from '../../../lib/form';
import { formatMoney } from '../../../lib/money';
import { useDeletePlanMutation, useGetPlansPageInfiniteQuery, useSavePlanMutation } from '../api/settings-api';
import { flagAllowed, PLAN_FLAGS, planFormSchema } from '../utils/settings-form';

type Flag = (typeof PLAN_FLAGS)[number];
type Values = {
  name: string;
  users: string;
  connections: string;
  queues: string;
  value: string;
  public: boolean;
} & Record<Flag, boolean>;

const valuesOf = (plan: Plan | null): Values => ({
  name: plan?.name ?? '',
  users: String(plan?.users ?? 0),
  connections: String(plan?.connections ?? 0),
  queues: String(plan?.queues ?? 0),
  value: String(plan?.value ?? 0),
  public: plan?.public !== false,
  ...(Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, flagAllowed(plan?.[flag])])) as Record<Flag, boolean>),
});

export function PlanDialog({ plan, onClose }: { plan: Plan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [save, saving] = useSavePlanMutation();
  const [values, setValues] = useState<Values>(() => valuesOf(plan));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async () => {
    const result = validateForm(planFormSchema(t), values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    try {
      await save({ ...result.data, id: plan?.id }).unwrap();
      notify('success', t('admin.success'));
      onClose();
    } catch {
      notify('error', t('admin.plans.saveFailed'));
    }
  };

  const numberField = (key: 'users' | 'connections' | 'queues' | 'value') => (
    <Field.Root key={key} invalid={Boolean(errors[key])}>
      <Field.Label>{t(`admin.plans.${key}`)}</Field.Label>
      <Input
        size="sm"
        name={key}
        inputMode={key === 'value' ? 'decimal' : 'numeric'}
        value={values[key]}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      />
      {errors[key] && <Field.ErrorText>{errors[key]}</Field.ErrorText>}
    </Field.Root>
  );

  return (
    <FormDialog
      title={plan ? t('admin.plans.edit') : t('admin.plans.add')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={saving.isLoading}
      size="lg"
      testId="plan-dialog"
    >
      <Stack gap="4">
        <Field.Root required invalid={Boolean(errors.name)}>
          <Field.Label>{t('admin.plans.name')}</Field.Label>
          <Input
            size="sm"
            name="name"
            value={values.name}
            onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
          />
          {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
        </Field.Root>
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
          {(['users', 'connections', 'queues', 'value'] as const).map(numberField)}
        </SimpleGrid>
        <Switch.Root
          checked={values.public}
          onCheckedChange={(e) => setValues((v) => ({ ...v, public: e.checked }))}
          data-testid="plan-public"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('admin.plans.public')}</Switch.Label>
        </Switch.Root>
        <Text fontSize="xs" color="fg.muted" mt="-2">
          {t('admin.plans.publicHint')}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
          {PLAN_FLAGS.map((flag) => (
            <Switch.Root
              key={flag}
              checked={values[flag]}
              onCheckedChange={(e) => setValues((v) => ({ ...v, [flag]: e.checked }))}
              data-testid={`plan-${flag}`}
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{t(`admin.plans.flags.${flag}`)}</Switch.Label>
            </Switch.Root>
          ))}
        </SimpleGrid>
      </Stack>
    </FormDialog>
  );
}

/**
 * Plans (super users): users, connections, queues, value (R$), whether the public signup offers it and the seven
 * flags, shown Yes/No.
 */
export function PlansTab() {
  const { t } = useTranslation();
  const [remove] = useDeletePlanMutation();
  const {
    records: plans,
    scroll,
    editing,
    setEditing,
    setDeleting,
    confirmDelete,
  } = useManagedList({
    query: useGetPlansPageInfiniteQuery,
    pick: (page) => page.plans,
    loadFailed: t('admin.loadFailed'),
    remove: { run: (plan) => remove(plan.id).unwrap(), done: t('admin.success'), failed: t('admin.failed') },
  });
  const yesNo = (value: boolean | undefined) => (flagAllowed(value) ? t('admin.yes') : t('admin.no'));

  return (
    <Stack gap="3" h="full" minH="0" data-testid="plans-tab">
      <HStack justify="flex-end">
        <Button size="sm" colorPalette="teal" onClick={() => setEditing('new')}>
          <AddIcon /> {t('admin.plans.add')}
        </Button>
      </HStack>
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('admin.plans.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.plans.users')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.plans.connections')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.plans.queues')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.plans.value')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.plans.public')}</Table.ColumnHeader>
              {PLAN_FLAGS.map((flag) => (
                <Table.ColumnHeader key={flag} hideBelow="lg">
                  {t(`admin.plans.flags.${flag}`)}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {plans.map((plan) => (
              <Table.Row key={plan.id} data-testid="plan-row">
                <Table.Cell>{plan.name}</Table.Cell>
                <Table.Cell>{plan.users}</Table.Cell>
                <Table.Cell>{plan.connections}</Table.Cell>
                <Table.Cell>{plan.queues}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatMoney(plan.value)}</Table.Cell>
                <Table.Cell data-testid="plan-public-cell">{yesNo(plan.public)}</Table.Cell>
                {PLAN_FLAGS.map((flag) => (
                  <Table.Cell key={flag} hideBelow="lg">
                    {yesNo(plan[flag])}
                  </Table.Cell>
                ))}
                <Table.Cell>
                  <RowActions label={plan.name} onEdit={() => setEditing(plan)} onDelete={() => setDeleting(plan)} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      {editing && <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog {...confirmDelete} title={t('admin.deleteTitle')} body={t('admin.deleteBody')} />
    </Stack>
  );
}
