import { Button, Checkbox, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { ServiceLevel } from '@cs/proto/http';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors } from '../../../lib/form';
import { useGetServiceLevelsQuery, useSetServiceLevelMutation } from '../../../api/endpoints/reports';

const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value));

/** A saved queue's service-level targets (issue 55), in the queue form: saved on their own. */
export function ServiceLevelFields({ queueId }: { queueId: number }) {
  const { data: levels } = useGetServiceLevelsQuery();
  // the fields start from the stored targets: shown once they are known
  if (!levels) return null;
  return <ServiceLevelForm queueId={queueId} level={levels.find((entry) => entry.queueId === queueId) ?? null} />;
}

function ServiceLevelForm({ queueId, level }: { queueId: number; level: ServiceLevel | null }) {
  const { t } = useTranslation();
  const [firstResponse, setFirstResponse] = useState(
    level?.firstResponseMinutes ? String(level.firstResponseMinutes) : '',
  );
  const [resolution, setResolution] = useState(level?.resolutionHours ? String(level.resolutionHours) : '');
  const [businessHours, setBusinessHours] = useState(level?.businessHours ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save, saving] = useSetServiceLevelMutation();

  const submit = async () => {
    try {
      await save({
        queueId,
        firstResponseMinutes: numberOrNull(firstResponse),
        resolutionHours: numberOrNull(resolution),
        businessHours,
      }).unwrap();
      setErrors({});
      notify('success', t('queues.saved'));
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };

  return (
    <Stack gap="2" data-testid="queue-service-level">
      <Text fontWeight="semibold">{t('reports.serviceLevel.title')}</Text>
      <HStack align="flex-end" wrap="wrap">
        <Field.Root invalid={Boolean(errors.firstResponseMinutes)} maxW="56">
          <Field.Label>{t('reports.serviceLevel.firstResponseMinutes')}</Field.Label>
          <Input
            size="sm"
            type="number"
            min={1}
            name="firstResponseMinutes"
            value={firstResponse}
            onChange={(e) => setFirstResponse(e.target.value)}
          />
          <Field.ErrorText>{errors.firstResponseMinutes}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.resolutionHours)} maxW="56">
          <Field.Label>{t('reports.serviceLevel.resolutionHours')}</Field.Label>
          <Input
            size="sm"
            type="number"
            min={1}
            name="resolutionHours"
            value={resolution}
            onChange={(e) => setResolution(e.target.value)}
          />
          <Field.ErrorText>{errors.resolutionHours}</Field.ErrorText>
        </Field.Root>
        <Checkbox.Root
          size="sm"
          data-testid="service-level-business-hours"
          checked={businessHours}
          onCheckedChange={(e) => setBusinessHours(e.checked === true)}
        >
          <Checkbox.HiddenInput name="businessHours" />
          <Checkbox.Control />
          <Checkbox.Label>{t('reports.serviceLevel.businessHours')}</Checkbox.Label>
        </Checkbox.Root>
        <Button
          size="sm"
          variant="outline"
          loading={saving.isLoading}
          data-testid="service-level-save"
          onClick={() => void submit()}
        >
          {t('reports.serviceLevel.save')}
        </Button>
      </HStack>
      <Text fontSize="xs" color="fg.muted">
        {t('reports.serviceLevel.hint')}
      </Text>
    </Stack>
  );
}
