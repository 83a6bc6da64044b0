import {
  Box,
  Button,
  CloseButton,
  Flex,
  HStack,
  IconButton,
  Menu,
  Popover,
  Portal,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useListQuickMessagesQuery } from '../../../api/endpoints/company';
import {
  useGetMessagesInfiniteQuery,
  useSendMediaMutation,
  useSendTextMutation,
} from '../../../api/endpoints/messages';
import type { Ticket } from '../../../api/types';
import { AttachIcon, CloseIcon, EmojiIcon, MicIcon, SendIcon } from '../../../components/icons';
import { notify } from '../../../components/toaster';
import { readStored, storageKey, writeStored } from '../../../lib/storage';
import { toastError } from '../../../lib/errors';
import { useVoiceRecorder } from '../hooks/use-voice-recorder';
import { AssistActions } from './assist-actions';
import { EmojiPicker } from './emoji-picker';
import { TemplateDialog } from './template-dialog';
import { useGetTicketConnectionQuery } from '../../../api/endpoints/templates';
import { insideServiceWindow } from '../utils/service-window';
import { replyCleared } from '../model/inbox-slice';
import { shouldSendRecording } from '../utils/audio';
import { quickAnswerSuggestions } from '../utils/quick-answers';
import { applyVariables, MESSAGE_VARIABLES, signBody } from '../utils/variables';

/** An attachment's preview; its object URL is released when the preview goes away. */
function FileThumb({ file }: { file: File }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return src ? <img src={src} alt={file.name} width={48} height={48} /> : null;
}

/** The input grows to at most this many rows. */
export const INPUT_MAX_ROWS = 5;

export function MessageInput({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.session.user)!;
  const replyingTo = useAppSelector((s) => s.inbox.replyingTo);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [signed, setSigned] = useState(readStored(storageKey.signMessage) !== 'false');
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [sendText, textState] = useSendTextMutation();
  const [sendMedia, mediaState] = useSendMediaMutation();
  const recorder = useVoiceRecorder();
  const { data: quickMessages = [] } = useListQuickMessagesQuery({ companyId: user.companyId, userId: user.id });
  const { data: connection } = useGetTicketConnectionQuery(ticket.whatsappId ?? skipToken);
  const { data: pages } = useGetMessagesInfiniteQuery(ticket.id);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const cloud = connection?.provider === 'cloud-api';
  // Cloud API: free text only within 24 hours of the customer's last message; templates at any time
  const windowClosed = useMemo(
    () => cloud && !insideServiceWindow((pages?.pages ?? []).flatMap((page) => page.messages)),
    [cloud, pages],
  );
  const open = ticket.status === 'open';
  const suggestions = useMemo(() => quickAnswerSuggestions(text, quickMessages), [text, quickMessages]);
  const busy = textState.isLoading || mediaState.isLoading;

  const blocked = () => {
    if (!open) notify('info', t('input.blocked'));
    else if (windowClosed) notify('info', t('templates.windowClosed'));
    return !open || windowClosed;
  };

  const prepare = (body: string) => {
    const withVars = applyVariables(body.trim(), { contactName: ticket.contact.name, ticketId: ticket.id });
    return signed ? signBody(withVars, user.name) : withVars;
  };

  const send = async () => {
    if (blocked() || busy) return;
    try {
      if (files.length > 0) {
        await sendMedia({ ticketId: ticket.id, files, body: text.trim() ? prepare(text) : '' }).unwrap();
        setFiles([]);
        setText('');
        return;
      }
      if (!text.trim()) return;
      const quoted = replyingTo
        ? { id: replyingTo.id, body: replyingTo.body, fromMe: replyingTo.fromMe, mediaType: replyingTo.mediaType }
        : null;
      await sendText({ ticketId: ticket.id, body: prepare(text), quotedMsg: quoted }).unwrap();
      setText('');
      dispatch(replyCleared());
    } catch (error) {
      toastError(error);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || windowClosed) {
      event.preventDefault();
      blocked();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      const first = suggestions[0];
      if (first) setText(first.value);
      else void send();
    }
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    if (picked.length > 0) setFiles((current) => [...current, ...picked]);
    event.target.value = '';
  };

  const insert = (snippet: string) => {
    const el = textarea.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + snippet + text.slice(end));
  };

  const startRecording = async () => {
    if (blocked()) return;
    try {
      await recorder.start();
    } catch (error) {
      toastError(error);
    }
  };

  const stopRecording = async () => {
    try {
      const mp3 = await recorder.stop();
      if (!mp3) return;
      if (!shouldSendRecording(mp3)) {
        notify('info', t('input.recordingTooShort'));
        return;
      }
      const file = new File([mp3], `audio-${Date.now()}.mp3`, { type: 'audio/mpeg' });
      await sendMedia({ ticketId: ticket.id, files: [file], body: '' }).unwrap();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <Stack gap="0" borderTopWidth="1px" bg="bg.panel" data-testid="message-input">
      <AssistActions ticket={ticket} canDraft={open} onDraft={setText} />
      {replyingTo && (
        <HStack px="3" pt="2" gap="2">
          <Box flex="1" bg="chat.quote" borderLeftWidth="4px" borderColor="brand.500" px="2" py="1" borderRadius="sm">
            <Text fontSize="xs" fontWeight="semibold">
              {t('input.replyingTo')}
            </Text>
            <Text fontSize="sm" lineClamp={2}>
              {replyingTo.body}
            </Text>
          </Box>
          <CloseButton size="sm" aria-label={t('input.cancelReply')} onClick={() => dispatch(replyCleared())} />
        </HStack>
      )}
      {cloud && windowClosed && open && (
        <HStack px="3" pt="2" gap="2" data-testid="service-window-closed">
          <Text flex="1" fontSize="sm" color="fg.muted">
            {t('templates.windowClosed')}
          </Text>
          <Button size="xs" colorPalette="teal" onClick={() => setTemplatesOpen(true)} data-testid="open-templates">
            {t('templates.open')}
          </Button>
        </HStack>
      )}
      {templatesOpen && <TemplateDialog ticket={ticket} onClose={() => setTemplatesOpen(false)} />}
      {files.length > 0 && (
        <HStack px="3" pt="2" gap="2" wrap="wrap" data-testid="attachments-preview">
          {files.map((file, i) => (
            <HStack key={`${file.name}-${i}`} borderWidth="1px" borderRadius="md" p="1" gap="1">
              {file.type.startsWith('image/') ? <FileThumb file={file} /> : <AttachIcon />}
              <Text fontSize="xs" maxW="32" truncate>
                {file.name}
              </Text>
              <IconButton
                aria-label={t('input.removeFile')}
                size="2xs"
                variant="ghost"
                onClick={() => setFiles(files.filter((_, j) => j !== i))}
              >
                <CloseIcon />
              </IconButton>
            </HStack>
          ))}
        </HStack>
      )}
      {suggestions.length > 0 && (
        <Stack
          gap="0"
          mx="3"
          mt="2"
          borderWidth="1px"
          borderRadius="md"
          maxH="48"
          overflowY="auto"
          role="listbox"
          data-testid="quick-answers"
        >
          {suggestions.map((s) => (
            <Box
              key={s.id}
              as="button"
              role="option"
              textAlign="start"
              px="3"
              py="1.5"
              fontSize="sm"
              _hover={{ bg: 'app.selected' }}
              onClick={() => {
                setText(s.value);
                textarea.current?.focus();
              }}
            >
              {s.label}
            </Box>
          ))}
        </Stack>
      )}
      <Flex align="flex-end" gap="1" p="2">
        <Popover.Root positioning={{ placement: 'top-start' }} lazyMount>
          <Popover.Trigger asChild>
            <IconButton aria-label={t('input.emoji')} variant="ghost" size="sm" disabled={!open || windowClosed}>
              <EmojiIcon />
            </IconButton>
          </Popover.Trigger>
          <Portal>
            <Popover.Positioner>
              <Popover.Content w="auto">
                <Popover.Body p="0">
                  <EmojiPicker onPick={insert} />
                </Popover.Body>
              </Popover.Content>
            </Popover.Positioner>
          </Portal>
        </Popover.Root>
        <IconButton
          aria-label={t('input.attach')}
          variant="ghost"
          size="sm"
          disabled={!open || windowClosed}
          onClick={() => fileInput.current?.click()}
        >
          <AttachIcon />
        </IconButton>
        <input ref={fileInput} type="file" multiple hidden onChange={onFiles} data-testid="file-input" />
        {cloud && (
          <Button
            variant="ghost"
            size="sm"
            px="2"
            disabled={!open}
            aria-label={t('templates.open')}
            onClick={() => setTemplatesOpen(true)}
            data-testid="templates-button"
          >
            {t('templates.short')}
          </Button>
        )}
        <Menu.Root>
          <Menu.Trigger asChild>
            <Button variant="ghost" size="sm" px="2" disabled={!open || windowClosed} aria-label={t('input.variables')}>
              {'{{ }}'}
            </Button>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                {MESSAGE_VARIABLES.map((name) => (
                  <Menu.Item key={name} value={name} onClick={() => insert(`{{${name}}}`)}>
                    {`{{${name}}}`}
                  </Menu.Item>
                ))}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
        <Textarea
          ref={textarea}
          flex="1"
          size="sm"
          rows={1}
          autoresize
          maxH={`${INPUT_MAX_ROWS}lh`}
          resize="none"
          readOnly={!open || windowClosed}
          placeholder={
            !open ? t('input.placeholderClosed') : windowClosed ? t('templates.placeholder') : t('input.placeholder')
          }
          value={text}
          onChange={(e) => open && !windowClosed && setText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={(e) => {
            if (!open || windowClosed) {
              e.preventDefault();
              blocked();
              return;
            }
            const pasted = Array.from(e.clipboardData.files);
            if (pasted.length > 0) {
              e.preventDefault();
              setFiles((current) => [...current, ...pasted]);
            }
          }}
          onClick={() => blocked()}
          aria-label={t('input.placeholder')}
          data-testid="message-textarea"
        />
        {text.trim() || files.length > 0 ? (
          <IconButton
            aria-label={t('input.send')}
            colorPalette="teal"
            size="sm"
            loading={busy}
            onClick={() => void send()}
            data-testid="send"
          >
            <SendIcon />
          </IconButton>
        ) : recorder.recording ? (
          <HStack gap="1">
            <IconButton
              aria-label={t('input.cancelRecording')}
              size="sm"
              variant="ghost"
              onClick={() => void recorder.cancel()}
            >
              <CloseIcon />
            </IconButton>
            <IconButton
              aria-label={t('input.stopRecording')}
              size="sm"
              colorPalette="red"
              onClick={() => void stopRecording()}
            >
              <SendIcon />
            </IconButton>
          </HStack>
        ) : (
          <IconButton
            aria-label={t('input.record')}
            size="sm"
            variant="ghost"
            disabled={!open || windowClosed}
            onClick={() => void startRecording()}
          >
            <MicIcon />
          </IconButton>
        )}
      </Flex>
      <HStack px="3" pb="2">
        <Switch.Root
          size="sm"
          checked={signed}
          onCheckedChange={(e) => {
            setSigned(e.checked);
            writeStored(storageKey.signMessage, String(e.checked));
          }}
          data-testid="sign-message"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('input.signMessage')}</Switch.Label>
        </Switch.Root>
      </HStack>
    </Stack>
  );
}
