import {
  Box,
  Button,
  chakra,
  HStack,
  IconButton,
  Image,
  Link,
  Menu,
  Portal,
  Stack,
  Text,
  useRecipe,
} from '@chakra-ui/react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../../api/types';
import {
  CheckIcon,
  ClockIcon,
  DocumentIcon,
  DoneAllIcon,
  DownloadIcon,
  InfoIcon,
  MoreIcon,
  PhoneMissedIcon,
} from '../../../components/icons';
import { mediaSrc } from '../../../lib/env';
import { formatClock } from '../../../lib/format';
import { useMediaBlob } from '../hooks/use-media-blob';
import { isSafeHref, formatMessageText } from '../utils/format-message';
import { ackState, canEditMessage, parseLocation } from '../utils/message-rows';

function Ack({ ack }: { ack: number }) {
  const { t } = useTranslation();
  const state = ackState(ack);
  const label = t(`chat.ack.${state}`);
  if (state === 'pending') return <ClockIcon boxSize="3.5" color="tick.unread" aria-label={label} data-ack={state} />;
  if (state === 'sent') return <CheckIcon boxSize="3.5" color="tick.unread" aria-label={label} data-ack={state} />;
  return (
    <DoneAllIcon
      boxSize="3.5"
      color={state === 'read' ? 'tick.read' : 'tick.unread'}
      aria-label={label}
      data-ack={state}
      data-testid="ack"
    />
  );
}

function MediaImage({ url, alt }: { url: string; alt: string }) {
  const src = useMediaBlob(url);
  if (!src) return <Box w="60" h="40" bg="chat.quote" borderRadius="md" />;
  return (
    <Link href={src} target="_blank" rel="noopener noreferrer">
      <Image src={src} alt={alt} maxW="60" maxH="72" borderRadius="md" objectFit="cover" />
    </Link>
  );
}

/** The media kinds a message carries a file for. */
const MEDIA_KINDS = new Set(['image', 'sticker', 'audio', 'video', 'application', 'document']);

/** The file's name as the media URL ends (`<uuid>-<name>` in the stores), when there is one. */
function fileNameOf(url: string): string | null {
  const last = decodeURIComponent(url.split(/[?#]/)[0]!.split('/').pop() ?? '');
  return last.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i, '') || null;
}

/** "Mídia não suportada: <name> (<type>)" for a file the connector refused and named, else the bare notice. */
function unsupportedTitle(title: string, refused: Message['refusedMedia']): string {
  const type = refused?.mimeType ? ` (${refused.mimeType})` : '';
  return refused?.fileName ? `${title}: ${refused.fileName}${type}` : `${title}${type}`;
}

/**
 * A media message whose file was not kept (the connector refused it: type, size, download; `refusedMedia` names
 * what the customer sent) or that this browser cannot play: says so, with the file's name and type where known,
 * and offers the original when it exists.
 */
function UnsupportedMedia({ message, url }: { message: Message; url: string }) {
  const { t } = useTranslation();
  const name = url ? fileNameOf(url) : null;
  const extension = name && /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase();
  const kind = t(`chat.mediaKinds.${message.mediaType}`, { defaultValue: message.mediaType });
  return (
    <Stack gap="1" data-testid="unsupported-media" maxW="60">
      <HStack gap="2" color="fg.warning">
        <InfoIcon boxSize="4" />
        <Text fontWeight="semibold" data-testid="unsupported-media-title">
          {unsupportedTitle(t('chat.unsupportedMedia'), message.refusedMedia)}
        </Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted" data-testid="unsupported-media-file">
        {[name, extension ? `${kind} (${extension})` : kind].filter(Boolean).join(' · ')}
      </Text>
      {url ? (
        <Button asChild size="xs" variant="outline" justifyContent="flex-start">
          <a href={url} target="_blank" rel="noopener noreferrer" download>
            <DownloadIcon /> {t('chat.downloadOriginal')}
          </a>
        </Button>
      ) : (
        <Text fontSize="xs" color="fg.muted">
          {t('chat.mediaNotKept')}
        </Text>
      )}
      {message.body && message.body !== (name ?? message.refusedMedia?.fileName) && (
        <Text>{formatMessageText(message.body)}</Text>
      )}
    </Stack>
  );
}

/** A video or audio player that gives way to the notice when the browser cannot play the file. */
function Playable({ message, url }: { message: Message; url: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <UnsupportedMedia message={message} url={url} />;
  return message.mediaType === 'audio' ? (
    <audio controls src={url} preload="none" onError={() => setFailed(true)} />
  ) : (
    <chakra.video controls src={url} maxW="60" borderRadius="md" preload="metadata" onError={() => setFailed(true)} />
  );
}

function Body({ message }: { message: Message }) {
  const { t } = useTranslation();
  const url = mediaSrc(message.mediaUrl) ?? '';
  if (MEDIA_KINDS.has(message.mediaType) && !url) return <UnsupportedMedia message={message} url="" />;
  switch (message.mediaType) {
    case 'image':
    case 'sticker':
      return (
        <Stack gap="1">
          <MediaImage url={url} alt={message.body} />
          {message.body && !url.endsWith(message.body) && <Text>{formatMessageText(message.body)}</Text>}
        </Stack>
      );
    case 'audio':
    case 'video':
      return <Playable message={message} url={url} />;
    case 'locationMessage': {
      const location = parseLocation(message.body);
      const locationImage = mediaSrc(location.image);
      return (
        <Stack gap="2" data-testid="location-card">
          {locationImage && <MediaImage url={locationImage} alt={t('tickets.location')} />}
          {location.description && <Text fontSize="sm">{location.description}</Text>}
          {isSafeHref(location.link) && (
            <Button asChild size="xs" variant="outline">
              <a href={location.link} target="_blank" rel="noopener noreferrer">
                {t('chat.view')}
              </a>
            </Button>
          )}
        </Stack>
      );
    }
    case 'call_log':
      return (
        <HStack gap="2" color="badge.alert">
          <PhoneMissedIcon boxSize="4" />
          <Text>
            {t(/v[ií]deo/i.test(message.body) ? 'chat.missedVideoCall' : 'chat.missedVoiceCall', {
              time: formatClock(message.createdAt),
            })}
          </Text>
        </HStack>
      );
    case 'application':
    case 'document':
      return (
        <Stack gap="1">
          <Button asChild size="sm" variant="outline" justifyContent="flex-start">
            <a href={url} target="_blank" rel="noopener noreferrer" download>
              <DocumentIcon /> {t('chat.download')}
            </a>
          </Button>
          {message.body && <Text fontSize="sm">{formatMessageText(message.body)}</Text>}
        </Stack>
      );
    case 'vcard': {
      const name = /FN:(.*)/.exec(message.body)?.[1] ?? message.body;
      const number = /waid=(\d+)/.exec(message.body)?.[1] ?? '';
      return (
        <Stack gap="0">
          <Text fontWeight="semibold">{name}</Text>
          {number && <Text fontSize="sm">{number}</Text>}
        </Stack>
      );
    }
    default:
      return <Text as="div">{formatMessageText(message.body)}</Text>;
  }
}

interface Props {
  message: Message;
  readOnly?: boolean | undefined;
  onReply?: ((message: Message) => void) | undefined;
  onDelete?: ((message: Message) => void) | undefined;
  onEdit?: ((message: Message) => void) | undefined;
}

export const MessageItem = memo(function MessageItem({ message, readOnly, onReply, onDelete, onEdit }: Props) {
  const { t } = useTranslation();
  const recipe = useRecipe({ key: 'messageBubble' });
  const styles = recipe({ direction: message.fromMe ? 'outbound' : 'inbound', deleted: message.isDeleted });
  const showMenu = !readOnly && !message.isDeleted && message.mediaType !== 'call_log';
  // the 15 minutes are counted when the menu opens (a row may stay on screen for longer)
  const [menuOpenedAt, setMenuOpenedAt] = useState(() => Date.now());

  return (
    <Box
      css={styles}
      data-testid="message"
      data-from-me={message.fromMe}
      data-message-id={message.id}
      role="article"
      className="group"
    >
      {showMenu && (
        <Menu.Root
          positioning={{ placement: 'bottom-end' }}
          onOpenChange={(details) => details.open && setMenuOpenedAt(Date.now())}
        >
          <Menu.Trigger asChild>
            <IconButton
              aria-label={t('chat.messageMenu')}
              size="2xs"
              variant="ghost"
              position="absolute"
              top="0"
              right="0"
              opacity={{ base: 1, md: 0 }}
              _groupHover={{ opacity: 1 }}
              _focusVisible={{ opacity: 1 }}
            >
              <MoreIcon />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <Menu.Positioner>
              <Menu.Content>
                <Menu.Item value="reply" onClick={() => onReply?.(message)}>
                  {t('chat.reply')}
                </Menu.Item>
                {onEdit && canEditMessage(message, menuOpenedAt) && (
                  <Menu.Item value="edit" onClick={() => onEdit(message)}>
                    {t('chat.editMessage')}
                  </Menu.Item>
                )}
                {message.fromMe && (
                  <Menu.Item value="delete" color="fg.error" onClick={() => onDelete?.(message)}>
                    {t('chat.deleteMessage')}
                  </Menu.Item>
                )}
              </Menu.Content>
            </Menu.Positioner>
          </Portal>
        </Menu.Root>
      )}
      {message.quotedMsg && (
        <Box
          bg="chat.quote"
          borderLeftWidth="4px"
          borderColor="brand.500"
          borderRadius="sm"
          px="2"
          py="1"
          mb="1"
          fontSize="xs"
        >
          <Text fontWeight="semibold">
            {message.quotedMsg.fromMe ? t('chat.you') : (message.quotedMsg.contact?.name ?? '')}
          </Text>
          <Text lineClamp={3}>{formatMessageText(message.quotedMsg.body)}</Text>
        </Box>
      )}
      {message.isDeleted ? (
        <Text data-testid="deleted-message">{t('chat.deletedMessage')}</Text>
      ) : (
        <Body message={message} />
      )}
      <HStack gap="1" justify="flex-end" fontSize="2xs" color="chat.meta" mt="0.5">
        {message.isEdited && <Text>{t('chat.edited')}</Text>}
        <Text>{formatClock(message.createdAt)}</Text>
        {message.fromMe && <Ack ack={message.ack} />}
      </HStack>
    </Box>
  );
});
