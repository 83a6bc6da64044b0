import { Button, Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleEntry } from '@cs/proto/events';
import { PageLoader } from '../../../components/page-loader';
import { notify } from '../../../components/toaster';
import { validateForm } from '../../../lib/form';
import { withDefaultSchedules } from '../../queues/utils/queue-form';
import { useGetCompanyQuery, useUpdateCompanySchedulesMutation } from '../api/settings-api';
import { schedulesFormSchema } from '../utils/settings-form';

/** Schedules (scheduleType = company): the company's weekly opening hours, saved with `PUT /companies/{id}/schedules`. */
export function CompanySchedulesTab({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { data: company, isLoading } = useGetCompanyQuery(companyId);
  const [save, saving] = useUpdateCompanySchedulesMutation();
  const [days, setDays] = useState<ScheduleEntry[]>(() => withDefaultSchedules(undefined));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (company) setDays(withDefaultSchedules(company.schedules));
  }, [company]);

  if (isLoading) return <PageLoader />;

  const change = (index: number, field: 'startTime' | 'endTime', value: string) =>
    setDays((current) => current.map((day, i) => (i === index ? { ...day, [field]: value } : day)));

  const submit = async () => {
    const result = validateForm(schedulesFormSchema(t), days);
    if (!result.ok) return setErrors(result.errors);
    setErrors({});
    try {
      await save({ id: companyId, schedules: result.data }).unwrap();
      notify('success', t('admin.schedules.saved'));
    } catch {
      notify('error', t('admin.schedules.failed'));
    }
  };

  return (
    <Stack gap="3" maxW="2xl" data-testid="company-schedules">
      {days.map((day, i) => (
        <SimpleGrid key={day.weekdayEn} columns={{ base: 1, sm: 3 }} gap="2" alignItems="end">
          <Text fontWeight="semibold" pb="2">
            {t(`admin.schedules.days.${day.weekdayEn}`)}
          </Text>
          {(['startTime', 'endTime'] as const).map((field) => (
            <Field.Root key={field} invalid={Boolean(errors[`${i}.${field}`])}>
              <Field.Label>{t(`admin.schedules.${field}`)}</Field.Label>
              <Input
                size="sm"
                type="time"
                name={`${day.weekdayEn}-${field}`}
                value={day[field]}
                onChange={(e) => change(i, field, e.target.value)}
              />
              {errors[`${i}.${field}`] && <Field.ErrorText>{errors[`${i}.${field}`]}</Field.ErrorText>}
            </Field.Root>
          ))}
        </SimpleGrid>
      ))}
      <Button
        alignSelf="flex-start"
        colorPalette="teal"
        size="sm"
        loading={saving.isLoading}
        onClick={() => void submit()}
        data-testid="schedules-save"
      >
        {t('common.save')}
      </Button>
    </Stack>
  );
}
