import { Button, Field, HStack, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { AddIcon, DeleteIcon } from '../../../components/icons';
import { notify } from '../../../components/toaster';
import { toastError } from '../../../lib/errors';
import { serverFieldErrors } from '../../../lib/form';
import {
  type FileListRecord,
  useCreateFileListMutation,
  useUpdateFileListMutation,
  useUploadFileListFilesMutation,
} from '../api/files-api';

interface OptionDraft {
  id?: number;
  name: string;
  fileName: string | null;
  file: File | null;
}

/** The file-list dialog (spec §2): name (at least 3), message (required), options each with a name and a file. */
export function FileListDialog({ fileList, onClose }: { fileList: FileListRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(fileList?.name ?? '');
  const [message, setMessage] = useState(fileList?.message ?? '');
  const [options, setOptions] = useState<OptionDraft[]>(
    fileList?.options.map((o) => ({
      id: o.id,
      name: o.name,
      fileName: o.path?.split('/').pop() ?? null,
      file: null,
    })) ?? [],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [create, creating] = useCreateFileListMutation();
  const [update, updating] = useUpdateFileListMutation();
  const [upload, uploading] = useUploadFileListFilesMutation();

  const setOption = (index: number, change: Partial<OptionDraft>) =>
    setOptions((list) => list.map((option, i) => (i === index ? { ...option, ...change } : option)));

  const submit = async () => {
    const found: Record<string, string> = {};
    if (name.trim().length < 3) found.name = name.trim() ? t('files.nameShort') : t('common.required');
    if (!message.trim()) found.message = t('common.required');
    options.forEach((option, index) => {
      if (!option.name.trim()) found[`options.${index}.name`] = t('common.required');
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const body = {
        name: name.trim(),
        message: message.trim(),
        options: options.map((o) => ({ ...(o.id ? { id: o.id } : {}), name: o.name.trim() })),
      };
      const saved = fileList ? await update({ id: fileList.id, ...body }).unwrap() : await create(body).unwrap();
      // the saved options come back in the same order: the i-th draft's file goes to the i-th saved option
      const uploads = options.flatMap((option, index) => {
        const target = saved.options[index];
        return option.file && target ? [{ optionId: target.id, file: option.file }] : [];
      });
      if (uploads.length > 0) await upload({ id: saved.id, uploads }).unwrap();
      notify('success', t('files.saved'));
      onClose();
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toastError(error);
    }
  };

  return (
    <FormDialog
      title={fileList ? t('files.editTitle') : t('files.addTitle')}
      onClose={onClose}
      onSubmit={() => void submit()}
      saving={creating.isLoading || updating.isLoading || uploading.isLoading}
      size="lg"
      testId="file-list-dialog"
    >
      <Stack gap="4">
        <Field.Root required invalid={Boolean(errors.name)}>
          <Field.Label>{t('files.name')}</Field.Label>
          <Input name="name" value={name} onChange={(e) => setName(e.target.value)} />
          {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={Boolean(errors.message)}>
          <Field.Label>{t('files.message')}</Field.Label>
          <Textarea name="message" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} />
          {errors.message && <Field.ErrorText>{errors.message}</Field.ErrorText>}
        </Field.Root>
        <Text fontWeight="semibold">{t('files.options')}</Text>
        {options.map((option, index) => (
          <HStack
            key={option.id ?? `new-${index}`}
            align="flex-end"
            wrap={{ base: 'wrap', md: 'nowrap' }}
            data-testid="file-option"
          >
            <Field.Root invalid={Boolean(errors[`options.${index}.name`])}>
              <Field.Label>{t('files.optionName')}</Field.Label>
              <Input
                name={`option-${index}`}
                value={option.name}
                onChange={(e) => setOption(index, { name: e.target.value })}
              />
            </Field.Root>
            <Stack gap="1" minW="40">
              <Text fontSize="xs" color="fg.muted" truncate maxW="48">
                {option.file?.name ?? option.fileName ?? t('files.noFile')}
              </Text>
              <Button size="sm" variant="outline" asChild>
                <label>
                  {t('files.chooseFile')}
                  <input
                    type="file"
                    hidden
                    data-testid={`file-option-input-${index}`}
                    onChange={(e) => setOption(index, { file: e.target.files?.[0] ?? null })}
                  />
                </label>
              </Button>
            </Stack>
            <IconButton
              size="sm"
              variant="ghost"
              colorPalette="red"
              aria-label={t('files.removeOption')}
              onClick={() => setOptions((list) => list.filter((_o, i) => i !== index))}
            >
              <DeleteIcon />
            </IconButton>
          </HStack>
        ))}
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => setOptions((list) => [...list, { name: '', fileName: null, file: null }])}
        >
          <AddIcon /> {t('files.addOption')}
        </Button>
      </Stack>
    </FormDialog>
  );
}
