import {
  AspectRatio,
  Box,
  Card,
  Center,
  CloseButton,
  Dialog,
  Image,
  Portal,
  SimpleGrid,
  Spinner,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlayIcon } from '../../../components/icons';
import { Page } from '../../../components/page';
import { useListHelpsQuery, type HelpRecord } from '../api/helps-api';
import { embedUrl, thumbnailUrl } from '../utils/video';

/**
 * `/helps`: the help videos as cards (thumbnail, title, description), the count in the title; a card opens the
 * video in a modal that Escape closes. The list is global (not a company's), so it refreshes when the tab
 * regains focus rather than from a company event.
 */
export function HelpsPage() {
  const { t } = useTranslation();
  const { data: helps = [], isLoading } = useListHelpsQuery(undefined, { refetchOnFocus: true });
  const [playing, setPlaying] = useState<HelpRecord | null>(null);
  return (
    <Page title={t('helps.title')} count={helps.length} testId="helps-page">
      <Box flex="1" minH="0" overflowY="auto">
        {isLoading && (
          <Center py="8">
            <Spinner />
          </Center>
        )}
        {!isLoading && helps.length === 0 && (
          <Text p="6" color="fg.muted" textAlign="center">
            {t('helps.empty')}
          </Text>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap="4">
          {helps.map((help) => (
            <Card.Root
              key={help.id}
              as="button"
              textAlign="start"
              overflow="hidden"
              cursor="pointer"
              _hover={{ boxShadow: 'md' }}
              onClick={() => setPlaying(help)}
              aria-label={t('helps.play', { title: help.title })}
              data-testid="help-card"
            >
              <AspectRatio ratio={16 / 9} w="full">
                <Box position="relative">
                  <Image src={thumbnailUrl(help.video)} alt="" objectFit="cover" w="full" h="full" loading="lazy" />
                  <Center position="absolute" inset="0" color="white">
                    <PlayIcon boxSize="12" />
                  </Center>
                </Box>
              </AspectRatio>
              <Card.Body gap="1" p="3">
                <Card.Title fontSize="md">{help.title}</Card.Title>
                <Card.Description lineClamp={3}>{help.description}</Card.Description>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Box>
      {playing && (
        <Dialog.Root open onOpenChange={(e) => !e.open && setPlaying(null)} size="xl" closeOnEscape>
          <Portal>
            <Dialog.Backdrop />
            <Dialog.Positioner>
              <Dialog.Content data-testid="help-video">
                <Dialog.Header>
                  <Dialog.Title>{playing.title}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body pb="6">
                  <AspectRatio ratio={16 / 9}>
                    <iframe
                      src={embedUrl(playing.video)}
                      title={playing.title}
                      allow="autoplay; encrypted-media; picture-in-picture"
                      allowFullScreen
                    />
                  </AspectRatio>
                </Dialog.Body>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" />
                </Dialog.CloseTrigger>
              </Dialog.Content>
            </Dialog.Positioner>
          </Portal>
        </Dialog.Root>
      )}
    </Page>
  );
}
