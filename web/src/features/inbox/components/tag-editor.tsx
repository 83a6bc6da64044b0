import { Badge, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useListTagsQuery, useSyncTicketTagsMutation } from '../../../api/endpoints/company';
import type { Ticket } from '../../../api/types';
import { MultiSelect } from '../../../components/multi-select';
import { toastError } from '../../../lib/errors';

/** The ticket's tags: chosen from the company's tags and saved with `POST /tags/sync`. */
export function TagEditor({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const { data: tags = [] } = useListTagsQuery();
  const [sync] = useSyncTicketTagsMutation();
  const selected = ticket.tags.map((tag) => tag.id);

  const change = (ids: number[]) => {
    const chosen = tags.filter((tag) => ids.includes(tag.id));
    sync({ ticketId: ticket.id, tags: chosen }).unwrap().catch(toastError);
  };

  return (
    <HStack px="3" py="1.5" gap="1" borderBottomWidth="1px" wrap="wrap" bg="bg.panel" data-testid="tag-editor">
      <MultiSelect label={t('chat.tagsPlaceholder')} options={tags} value={selected} onChange={change} />
      {ticket.tags.map((tag) => (
        <Badge key={tag.id} size="sm" variant="solid" bg={tag.color} color="white">
          {tag.name}
        </Badge>
      ))}
    </HStack>
  );
}
