import { Badge, Button, HStack, Input, Link, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import {
  useCreateCompanyTagMutation,
  useListTagsQuery,
  useSyncTicketTagsMutation,
} from '../../../api/endpoints/company';
import { isAdmin } from '../../../api/session';
import type { Tag, Ticket } from '../../../api/types';
import { AddIcon } from '../../../components/icons';
import { MultiSelect } from '../../../components/multi-select';
import { toastError } from '../../../lib/errors';
import { nextPaletteColor } from '../../../theme/palette';

/** The tag form's rule (spec §5): at least 3 characters. */
const TAG_NAME_MIN = 3;

/** An admin's new tag, named here, coloured unlike the others, and put on the ticket at once. */
function NewTag({ used, onCreated }: { used: readonly string[]; onCreated: (tag: Tag) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const nameInput = useRef<HTMLInputElement>(null);
  const [create, creating] = useCreateCompanyTagMutation();
  const valid = name.trim().length >= TAG_NAME_MIN;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    try {
      onCreated(await create({ name: name.trim(), color: nextPaletteColor(used) }).unwrap());
      setName('');
      setOpen(false);
    } catch (error) {
      toastError(error);
    }
  };

  return (
    // the popover puts the focus in the name once it has opened (an `autoFocus` of its own would lose to the
    // popover's focus on its content, and the first letters typed with it)
    <Popover.Root
      open={open}
      onOpenChange={(e) => setOpen(e.open)}
      positioning={{ placement: 'bottom-start' }}
      initialFocusEl={() => nameInput.current}
    >
      <Popover.Trigger asChild>
        <Button size="xs" variant="outline" data-testid="create-tag">
          <AddIcon boxSize="3.5" /> {t('chat.newTag')}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w="64">
            <Popover.Body p="3">
              <Stack as="form" gap="2" onSubmit={(e: FormEvent) => void submit(e)}>
                <Input
                  ref={nameInput}
                  size="sm"
                  aria-label={t('chat.newTag')}
                  placeholder={t('chat.newTag')}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  data-testid="new-tag-name"
                />
                {name.length > 0 && !valid && (
                  <Text fontSize="xs" color="fg.error">
                    {t('tags.dialog.nameMin')}
                  </Text>
                )}
                <Button type="submit" size="xs" colorPalette="teal" disabled={!valid} loading={creating.isLoading}>
                  {t('common.save')}
                </Button>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/**
 * The ticket's tags: chosen from the company's tags and saved with `POST /tags/sync`. An admin can create a tag
 * here (it goes on the ticket at once); with no tags at all, the others are pointed to /tags.
 */
export function TagEditor({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.session.user);
  const admin = user ? isAdmin(user) : false;
  const { data: tags = [], isSuccess } = useListTagsQuery();
  const [sync] = useSyncTicketTagsMutation();
  const selected = ticket.tags.map((tag) => tag.id);

  const save = (chosen: Tag[]) => void sync({ ticketId: ticket.id, tags: chosen }).unwrap().catch(toastError);
  const change = (ids: number[]) => save(tags.filter((tag) => ids.includes(tag.id)));
  const none = isSuccess && tags.length === 0;

  return (
    <HStack px="3" py="1.5" gap="1" borderBottomWidth="1px" wrap="wrap" bg="bg.panel" data-testid="tag-editor">
      {none ? (
        <Text fontSize="xs" color="fg.muted" data-testid="no-tags">
          {t('chat.noTags')}
        </Text>
      ) : (
        <MultiSelect label={t('chat.tagsPlaceholder')} options={tags} value={selected} onChange={change} />
      )}
      {admin ? (
        <NewTag used={tags.map((tag) => tag.color)} onCreated={(tag) => save([...ticket.tags, tag])} />
      ) : (
        none && (
          <Link asChild fontSize="xs" variant="underline">
            <RouterLink to="/tags">{t('chat.manageTags')}</RouterLink>
          </Link>
        )
      )}
      {ticket.tags.map((tag) => (
        <Badge key={tag.id} size="sm" variant="solid" bg={tag.color} color="white">
          {tag.name}
        </Badge>
      ))}
    </HStack>
  );
}
