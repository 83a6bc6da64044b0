import { Box, Center, Flex, Heading, HStack, Input, InputGroup, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from './icons';

/** Other lists load their next page when scrolled within this distance of the bottom (spec §9). */
export const LIST_BOTTOM_THRESHOLD_PX = 100;

export function isNearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight < LIST_BOTTOM_THRESHOLD_PX;
}

interface PageProps {
  title: string;
  /** Shown after the title, e.g. the number of records. */
  count?: number | undefined;
  search?: { value: string; onChange: (value: string) => void; placeholder?: string } | undefined;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A management page: the title bar (title, search, actions) over a scrolling body. */
export function Page({ title, count, search, actions, children, testId }: PageProps) {
  const { t } = useTranslation();
  return (
    <Flex direction="column" h="full" minH="0" p={{ base: '2', md: '4' }} gap="3" data-testid={testId}>
      <Flex wrap="wrap" align="center" gap="2">
        <Heading size="lg" flex="1" minW="40" data-testid="page-title">
          {title}
          {count !== undefined && ` (${count})`}
        </Heading>
        {search && (
          <InputGroup startElement={<SearchIcon color="fg.muted" />} maxW={{ base: 'full', md: '72' }}>
            <Input
              size="sm"
              type="search"
              aria-label={t('common.search')}
              placeholder={search.placeholder ?? t('common.search')}
              value={search.value}
              onChange={(e) => search.onChange(e.target.value)}
            />
          </InputGroup>
        )}
        {actions && <HStack gap="2">{actions}</HStack>}
      </Flex>
      {children}
    </Flex>
  );
}

interface ScrollProps {
  children: ReactNode;
  loading: boolean;
  hasMore?: boolean;
  onLoadMore?: () => void;
  /** The end-of-list line once everything is loaded (contacts). */
  endMessage?: string | undefined;
  empty?: boolean;
  testId?: string;
}

/** The page body: scrolls, asks for the next page near the bottom, shows a spinner, empty and end states. */
export function ScrollArea({ children, loading, hasMore, onLoadMore, endMessage, empty, testId }: ScrollProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (hasMore && !loading && onLoadMore && isNearBottom(event.currentTarget)) onLoadMore();
  };
  // a page that does not fill the screen cannot be scrolled: keep loading until it does (or nothing is left)
  useEffect(() => {
    const el = box.current;
    if (el && hasMore && !loading && onLoadMore && el.scrollHeight > 0 && isNearBottom(el)) onLoadMore();
  });
  return (
    <Box
      ref={box}
      flex="1"
      minH="0"
      overflow="auto"
      bg="bg.panel"
      borderRadius="md"
      borderWidth="1px"
      onScroll={onScroll}
      data-testid={testId}
      aria-busy={loading}
    >
      {children}
      {loading && (
        <Center py="4">
          <Spinner size="sm" />
        </Center>
      )}
      {!loading && empty && (
        <Text p="6" textAlign="center" color="fg.muted" fontSize="sm">
          {t('common.noRecords')}
        </Text>
      )}
      {!loading && !empty && !hasMore && endMessage && (
        <Text p="4" textAlign="center" color="fg.muted" fontSize="sm" data-testid="end-of-list">
          {endMessage}
        </Text>
      )}
    </Box>
  );
}
