import { Badge, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { AuditLogEntry } from '@cs/proto/http';
import { AUDIT_ACTIONS } from '@cs/proto/events';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { Page, ScrollArea } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/errors';
import {
  type AuditFilters,
  useGetAuditActorsQuery,
  useGetAuditCompaniesQuery,
  useGetAuditLogInfiniteQuery,
} from '../api/audit-api';
import { dayBoundary, formatAuditValue } from '../utils/audit-format';

const idOf = (value: string): number | undefined => (value ? Number(value) : undefined);

/**
 * `/audit`: the audit log, newest first. Admins see their company's; super users every company's, with a company
 * filter. Filters by person, action and days; more entries load on demand (keyset pages).
 */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  const isSuper = user?.super === true;
  const [companyId, setCompanyId] = useState('');
  const [userId, setUserId] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters = useMemo<AuditFilters>(
    () => ({
      companyId: isSuper ? idOf(companyId) : undefined,
      userId: idOf(userId),
      action: action || undefined,
      from: dayBoundary(from, 'start'),
      to: dayBoundary(to, 'end'),
    }),
    [isSuper, companyId, userId, action, from, to],
  );
  const log = useGetAuditLogInfiniteQuery(filters);
  const { data: actors } = useGetAuditActorsQuery(isSuper ? idOf(companyId) : undefined);
  const { data: companies } = useGetAuditCompaniesQuery(undefined, { skip: !isSuper });
  const entries = log.data?.pages.flatMap((page) => page.records) ?? [];
  const actionLabel = (name: string) => (i18n.exists(`audit.actions.${name}`) ? t(`audit.actions.${name}`) : name);
  const when = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });

  const select = (
    name: string,
    label: string,
    value: string,
    onChange: (value: string) => void,
    options: Array<{ value: string; label: string }>,
    all: string,
  ) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          name={name}
          data-testid={`audit-filter-${name}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">{all}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );

  return (
    <Page title={t('audit.title')} testId="audit-page">
      <SimpleGrid columns={{ base: 1, md: isSuper ? 5 : 4 }} gap="3" mb="3">
        {isSuper &&
          select(
            'companyId',
            t('audit.company'),
            companyId,
            (value) => {
              setCompanyId(value);
              setUserId('');
            },
            (companies ?? []).map((company) => ({ value: String(company.id), label: company.name })),
            t('audit.allCompanies'),
          )}
        {select(
          'userId',
          t('audit.person'),
          userId,
          setUserId,
          (actors ?? []).map((actor) => ({
            value: String(actor.userId),
            label: actor.name ?? actor.email ?? `#${actor.userId}`,
          })),
          t('audit.everyone'),
        )}
        {select(
          'action',
          t('audit.action'),
          action,
          setAction,
          AUDIT_ACTIONS.map((name) => ({ value: name, label: actionLabel(name) })),
          t('audit.allActions'),
        )}
        <Field.Root>
          <Field.Label>{t('audit.from')}</Field.Label>
          <Input
            size="sm"
            type="date"
            name="from"
            data-testid="audit-filter-from"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('audit.to')}</Field.Label>
          <Input
            size="sm"
            type="date"
            name="to"
            data-testid="audit-filter-to"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        </Field.Root>
      </SimpleGrid>
      {log.isLoading ? (
        <PageLoader />
      ) : log.isError ? (
        <Text color="fg.error" data-testid="audit-error">
          {errorMessage(log.error)}
        </Text>
      ) : (
        <ScrollArea
          loading={log.isFetching}
          hasMore={log.hasNextPage}
          onLoadMore={() => void log.fetchNextPage()}
          empty={entries.length === 0}
          testId="audit-scroll"
        >
          <Table.Root size="sm" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('audit.when')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('audit.who')}</Table.ColumnHeader>
                {isSuper && <Table.ColumnHeader>{t('audit.company')}</Table.ColumnHeader>}
                <Table.ColumnHeader>{t('audit.action')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('audit.target')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('audit.changes')}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">{t('audit.address')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entries.map((entry) => (
                <Table.Row key={entry.id} data-testid="audit-row" data-action={entry.action} verticalAlign="top">
                  <Table.Cell whiteSpace="nowrap">{when(entry.occurredAt)}</Table.Cell>
                  <Table.Cell data-testid="audit-who">
                    <Text fontWeight="semibold">{entry.actor.name ?? `#${entry.actor.userId}`}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {entry.actor.email}
                    </Text>
                  </Table.Cell>
                  {isSuper && <Table.Cell>{entry.companyName ?? `#${entry.companyId}`}</Table.Cell>}
                  <Table.Cell>
                    <Badge variant="subtle" colorPalette="teal" data-testid="audit-action">
                      {actionLabel(entry.action)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell data-testid="audit-target">
                    {entry.target.label ?? entry.target.id}
                    <Text fontSize="xs" color="fg.muted">
                      {entry.target.type} #{entry.target.id}
                    </Text>
                  </Table.Cell>
                  <Table.Cell data-testid="audit-changes">
                    <Changes entry={entry} />
                  </Table.Cell>
                  <Table.Cell hideBelow="md" fontFamily="mono" fontSize="xs">
                    {entry.ip ?? ''}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ScrollArea>
      )}
    </Page>
  );
}

/** What changed: one line per field, `before → after` (secrets only as dots). */
function Changes({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation();
  const empty = t('audit.emptyValue');
  return (
    <Stack gap="1" fontSize="xs" maxW="md">
      {entry.changes.map((change) => (
        <HStack
          key={change.field}
          gap="1"
          align="baseline"
          wrap="wrap"
          data-testid="audit-change"
          data-field={change.field}
        >
          <Text fontWeight="semibold">{change.field}:</Text>
          {'before' in change && (
            <Text color="fg.muted" textDecoration="line-through" title={t('audit.before')} wordBreak="break-all">
              {formatAuditValue(change.before, empty)}
            </Text>
          )}
          {'before' in change && 'after' in change && <Text>→</Text>}
          {'after' in change && (
            <Text title={t('audit.after')} wordBreak="break-all">
              {formatAuditValue(change.after, empty)}
            </Text>
          )}
        </HStack>
      ))}
    </Stack>
  );
}
