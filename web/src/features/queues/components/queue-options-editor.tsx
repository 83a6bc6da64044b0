import { Box, Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentField } from '../../../components/attachment-field';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { AddIcon } from '../../../components/icons';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import {
  useCreateQueueOptionMutation,
  useDeleteOptionMediaMutation,
  useDeleteQueueOptionMutation,
  useGetQueueOptionsQuery,
  useUpdateQueueOptionMutation,
  useUploadOptionMediaMutation,
  type QueueOption,
} from '../api/queues-api';
import { nextOptionNumber } from '../utils/queue-form';

/** Menus nest at most this deep in the editor (the chatbot itself has no limit; screens do). */
const MAX_DEPTH = 5;

interface Level {
  queueId: number;
  parentId: number | null;
  depth: number;
}

/** The chatbot's option menu of a queue: one level of options, each able to open its own sub-menu. */
export function QueueOptionsEditor({ queueId, parentId, depth }: Level) {
  const { t } = useTranslation();
  const { data: options = [] } = useGetQueueOptionsQuery({ queueId, parentId });
  const [drafts, setDrafts] = useState<number[]>([]);
  const sorted = [...options].sort((a, b) => Number(a.option) - Number(b.option) || a.id - b.id);
  return (
    <Stack gap="2" pl={depth > 0 ? '4' : '0'} borderLeftWidth={depth > 0 ? '2px' : '0'} data-testid="options-level">
      {sorted.map((option) => (
        <OptionCard key={option.id} level={{ queueId, parentId, depth }} option={option} siblings={options} />
      ))}
      {drafts.map((key) => (
        <OptionCard
          key={`draft-${key}`}
          level={{ queueId, parentId, depth }}
          option={null}
          siblings={options}
          onDone={() => setDrafts((d) => d.filter((k) => k !== key))}
        />
      ))}
      <Button
        size="xs"
        variant="outline"
        alignSelf="flex-start"
        onClick={() => setDrafts((d) => [...d, Date.now()])}
        data-testid="option-add"
      >
        <AddIcon /> {depth === 0 ? t('queues.options.add') : t('queues.options.addChild')}
      </Button>
    </Stack>
  );
}

function OptionCard({
  level,
  option,
  siblings,
  onDone,
}: {
  level: Level;
  option: QueueOption | null;
  siblings: QueueOption[];
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const [create, creating] = useCreateQueueOptionMutation();
  const [update, updating] = useUpdateQueueOptionMutation();
  const [remove] = useDeleteQueueOptionMutation();
  const [upload] = useUploadOptionMediaMutation();
  const [removeMedia] = useDeleteOptionMediaMutation();
  const [values, setValues] = useState({
    option: option?.option ?? nextOptionNumber(siblings),
    title: option?.title ?? '',
    message: option?.message ?? '',
  });
  const [file, setFile] = useState<File | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [open, setOpen] = useState(false);

  const save = async () => {
    if (!values.title.trim()) return setTitleError(t('queues.options.titleRequired'));
    setTitleError(null);
    const body = { queueId: level.queueId, parentId: level.parentId, ...values, title: values.title.trim() };
    try {
      const saved = option ? await update({ id: option.id, ...body }).unwrap() : await create(body).unwrap();
      if (file && saved) await upload({ option: saved, file }).unwrap();
      setFile(null);
      notify('success', t('queues.options.saved'));
      onDone?.();
    } catch (error) {
      toastError(error);
    }
  };

  const destroy = async () => {
    if (!option) return onDone?.();
    try {
      await remove({ id: option.id, queueId: level.queueId, parentId: level.parentId }).unwrap();
      notify('success', t('queues.options.deleted'));
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="option-card">
      <Stack gap="2">
        <HStack align="flex-start">
          <Field.Root w="20" flexShrink={0}>
            <Field.Label fontSize="xs">{t('queues.options.option')}</Field.Label>
            <Input
              size="sm"
              name="option"
              value={values.option}
              onChange={(e) => setValues((v) => ({ ...v, option: e.target.value }))}
            />
          </Field.Root>
          <Field.Root invalid={Boolean(titleError)} required>
            <Field.Label fontSize="xs">
              {t('queues.options.titleField')}
              {!option && (
                <Text as="span" color="fg.muted">
                  ({t('queues.options.unsaved')})
                </Text>
              )}
            </Field.Label>
            <Input
              size="sm"
              name="option-title"
              value={values.title}
              onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
            />
            {titleError && <Field.ErrorText>{titleError}</Field.ErrorText>}
          </Field.Root>
        </HStack>
        <Field.Root>
          <Field.Label fontSize="xs">{t('queues.options.message')}</Field.Label>
          <Textarea
            size="sm"
            rows={2}
            name="option-message"
            value={values.message}
            onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
          />
        </Field.Root>
        <AttachmentField
          label={t('queues.dialog.media')}
          file={file}
          existingName={option?.mediaName ?? null}
          onFile={setFile}
          onRemoveExisting={() => option && void removeMedia(option).unwrap().catch(toastError)}
        />
        <HStack justify="space-between" wrap="wrap">
          <HStack>
            <Button
              size="xs"
              colorPalette="teal"
              loading={creating.isLoading || updating.isLoading}
              onClick={() => void save()}
            >
              {t('queues.options.save')}
            </Button>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              onClick={() => (option ? setConfirming(true) : onDone?.())}
            >
              {t('common.delete')}
            </Button>
          </HStack>
          {option && level.depth < MAX_DEPTH && (
            <Button size="xs" variant="ghost" onClick={() => setOpen((o) => !o)} data-testid="option-children">
              {t('queues.options.children')} {open ? '▴' : '▾'}
            </Button>
          )}
        </HStack>
        {option && open && <QueueOptionsEditor queueId={level.queueId} parentId={option.id} depth={level.depth + 1} />}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('common.deleteConfirm')}
        body={option?.title ?? ''}
        onConfirm={() => void destroy()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
