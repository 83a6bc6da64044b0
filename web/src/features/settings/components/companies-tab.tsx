import {
  Box,
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
} from '@chakra-ui/react';
import { CalendarPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ScrollArea } from '../../../components/page';
import { RowActions } from '../../../components/row-actions';
import { notify } from '../../../components/toaster';
import { useManagedList } from '../../../components/use-managed-list';
import { formatDay } from '../../../lib/format';
import { validateForm } from '../../../lib/form';
import {
  type CompanyRecord,
  useDeleteCompanyMutation,
  useExtendDueDateMutation,
  useGetCompaniesPageInfiniteQuery,
  useGetPlansPageInfiniteQuery,
  useSaveCompanyMutation,
} from '../api/settings-api';
import { companyFormSchema, dueRowColor, RECURRENCES } from '../utils/settings-form';

interface FormValues {
  name: string;
  email: string;
  phone: string;
  planId: string;
  status: boolean;
  dueDate: string;
  recurrence: (typeof RECURRENCES)[number];
  campaignsEnabled: boolean;
  password: string;
}

const EMPTY: FormValues = {
  name: '',
  email: '',
  phone: '',
  planId: '',
  status: true,
  dueDate: '',
  recurrence: 'MENSAL',
  campaignsEnabled: true,
  password: '',
};

const fromRecord = (c: CompanyRecord): FormValues => ({
  name: c.name,
  email: c.email ?? '',
  phone: c.phone ?? '',
  planId: c.planId ? String(c.planId) : '',
  status: c.status,
  dueDate: c.dueDate?.slice(0, 10) ?? '',
  recurrence: RECURRENCES.find((r) => r === c.recurrence) ?? 'MENSAL',
  campaignsEnabled: c.campaignsEnabled !== false,
  password: '',
});

function BoolSelect({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: string;
  value: boolean;
  onChange: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={name}
          value={value ? 'true' : 'false'}
          onChange={(e) => onChange(e.target.value === 'true')}
        >
          <option value="true">{t('admin.yes')}</option>
          <option value="false">{t('admin.no')}</option>
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Companies (super users): the form over the table; rows tinted by days to due date; extend and delete actions. */
export function CompaniesTab() {
  const { t } = useTranslation();
  // every plan, the ones kept for internal use included (the public listing offers only the public ones)
  const allPlans = useGetPlansPageInfiniteQuery('');
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = allPlans;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const plans = allPlans.data?.pages.flatMap((page) => page.plans) ?? [];
  const [save, saving] = useSaveCompanyMutation();
  const [extend] = useExtendDueDateMutation();
  const [remove] = useDeleteCompanyMutation();
  const {
    search,
    records: companies,
    scroll,
  } = useManagedList({
    query: useGetCompaniesPageInfiniteQuery,
    pick: (page) => page.companies,
    loadFailed: t('admin.loadFailed'),
  });
  const [editing, setEditing] = useState<CompanyRecord | null>(null);
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [deleting, setDeleting] = useState<CompanyRecord | null>(null);
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  const reset = () => {
    setEditing(null);
    setValues(EMPTY);
    setErrors({});
  };

  const submit = async () => {
    const result = validateForm(companyFormSchema(t, !editing), values);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    try {
      await save({ ...result.data, id: editing?.id }).unwrap();
      notify('success', t('admin.success'));
      reset();
    } catch {
      notify('error', t('admin.companies.saveFailed'));
    }
  };

  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      notify('success', t('admin.success'));
    } catch {
      notify('error', t('admin.failed'));
    }
  };

  return (
    <Stack gap="4" h="full" minH="0" data-testid="companies-tab">
      <Box asChild>
        <form
          noValidate
          data-testid="company-form"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <SimpleGrid columns={{ base: 1, md: 3, xl: 5 }} gap="3">
            <Field.Root required invalid={Boolean(errors.name)}>
              <Field.Label>{t('admin.companies.name')}</Field.Label>
              <Input size="sm" name="name" value={values.name} onChange={(e) => set('name', e.target.value)} />
              {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
            </Field.Root>
            <Field.Root required invalid={Boolean(errors.email)}>
              <Field.Label>{t('admin.companies.email')}</Field.Label>
              <Input
                size="sm"
                name="email"
                type="email"
                value={values.email}
                onChange={(e) => set('email', e.target.value)}
              />
              {errors.email && <Field.ErrorText>{errors.email}</Field.ErrorText>}
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('admin.companies.phone')}</Field.Label>
              <Input size="sm" name="phone" value={values.phone} onChange={(e) => set('phone', e.target.value)} />
            </Field.Root>
            <Field.Root required invalid={Boolean(errors.planId)}>
              <Field.Label>{t('admin.companies.plan')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field name="planId" value={values.planId} onChange={(e) => set('planId', e.target.value)}>
                  <option value="">{t('admin.companies.choosePlan')}</option>
                  {plans.map((plan) => (
                    <option key={plan.id} value={String(plan.id)}>
                      {plan.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {errors.planId && <Field.ErrorText>{errors.planId}</Field.ErrorText>}
            </Field.Root>
            <BoolSelect
              label={t('admin.companies.status')}
              name="status"
              value={values.status}
              onChange={(v) => set('status', v)}
            />
            <BoolSelect
              label={t('admin.companies.campaigns')}
              name="campaignsEnabled"
              value={values.campaignsEnabled}
              onChange={(v) => set('campaignsEnabled', v)}
            />
            <Field.Root>
              <Field.Label>{t('admin.companies.dueDate')}</Field.Label>
              <Input
                size="sm"
                name="dueDate"
                type="date"
                value={values.dueDate}
                onChange={(e) => set('dueDate', e.target.value)}
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('admin.companies.recurrence')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  name="recurrence"
                  value={values.recurrence}
                  onChange={(e) => set('recurrence', e.target.value as FormValues['recurrence'])}
                >
                  {RECURRENCES.map((r) => (
                    <option key={r} value={r}>
                      {t(`admin.companies.recurrences.${r}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {!editing && (
              <Field.Root invalid={Boolean(errors.password)}>
                <Field.Label>{t('admin.companies.password')}</Field.Label>
                <Input
                  size="sm"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  value={values.password}
                  onChange={(e) => set('password', e.target.value)}
                />
                {errors.password && <Field.ErrorText>{errors.password}</Field.ErrorText>}
              </Field.Root>
            )}
          </SimpleGrid>
          <HStack mt="3" gap="2" wrap="wrap">
            <Button size="sm" variant="outline" onClick={reset}>
              {t('admin.clear')}
            </Button>
            {editing && (
              <Button size="sm" colorPalette="red" variant="outline" onClick={() => setDeleting(editing)}>
                {t('common.delete')}
              </Button>
            )}
            <Button size="sm" colorPalette="teal" type="submit" loading={saving.isLoading} data-testid="company-save">
              {t('common.save')}
            </Button>
          </HStack>
        </form>
      </Box>
      <Input
        size="sm"
        type="search"
        maxW={{ base: 'full', md: '72' }}
        aria-label={t('common.search')}
        placeholder={t('common.search')}
        value={search.value}
        onChange={(e) => search.onChange(e.target.value)}
      />
      <ScrollArea {...scroll}>
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('admin.companies.name')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('admin.companies.email')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="lg">{t('admin.companies.phone')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.companies.plan')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="lg">{t('admin.companies.campaigns')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('admin.companies.status')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="lg">{t('admin.companies.createdAt')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.companies.dueDate')}</Table.ColumnHeader>
              <Table.ColumnHeader hideBelow="md">{t('admin.companies.recurrence')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('management.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {companies.map((company) => {
              const tint = dueRowColor(company.dueDate);
              return (
                <Table.Row
                  key={company.id}
                  data-testid="company-row"
                  data-tint={tint ?? 'none'}
                  bg={tint ? `${tint}.subtle` : undefined}
                >
                  <Table.Cell>{company.name}</Table.Cell>
                  <Table.Cell hideBelow="md">{company.email}</Table.Cell>
                  <Table.Cell hideBelow="lg">{company.phone}</Table.Cell>
                  <Table.Cell>{company.plan?.name ?? '-'}</Table.Cell>
                  <Table.Cell hideBelow="lg">
                    {company.campaignsEnabled === false ? t('admin.no') : t('admin.yes')}
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{company.status ? t('admin.yes') : t('admin.no')}</Table.Cell>
                  <Table.Cell hideBelow="lg">{company.createdAt ? formatDay(company.createdAt) : '-'}</Table.Cell>
                  <Table.Cell data-testid="company-due">
                    {company.dueDate ? formatDay(`${company.dueDate.slice(0, 10)}T12:00:00`) : '-'}
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{company.recurrence ?? '-'}</Table.Cell>
                  <Table.Cell>
                    <RowActions
                      label={company.name}
                      onEdit={() => {
                        setEditing(company);
                        setValues(fromRecord(company));
                        setErrors({});
                      }}
                      onDelete={() => setDeleting(company)}
                    >
                      <IconButton
                        size="sm"
                        variant="ghost"
                        aria-label={`${t('admin.companies.extend')} ${company.name}`}
                        onClick={() => void run(() => extend(company.id).unwrap())}
                      >
                        <CalendarPlus />
                      </IconButton>
                    </RowActions>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </ScrollArea>
      <ConfirmDialog
        open={deleting !== null}
        title={t('admin.deleteTitle')}
        body={t('admin.deleteBody')}
        onConfirm={() => {
          const target = deleting;
          if (!target) return;
          void run(() => remove(target.id).unwrap()).then(() => editing?.id === target.id && reset());
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
