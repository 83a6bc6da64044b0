import { Box, Button, CloseButton, HStack, Text } from '@chakra-ui/react';
import type { AssistKind } from '@cs/proto/http';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { useAppDispatch, useAppStore } from '../../../app/hooks';
import { streamAssist } from '../../../api/assist-stream';
import { refreshSession } from '../../../api/base-api';
import { sessionExpired } from '../../../api/session';
import type { Ticket } from '../../../api/types';
import { notify } from '../../../components/toaster';
import { flagOn, usePlanFlags } from '../../../components/use-plan-flags';
import { toastError } from '../../../lib/errors';

/**
 * The chat's AI help (plan `useOpenAi`): "Resumir conversa" shows a few lines above the input, "Sugerir resposta"
 * writes a draft into the input (`onDraft`) as it streams; the agent edits and sends it, nothing is sent by itself.
 */
export function AssistActions({
  ticket,
  canDraft,
  onDraft,
}: {
  ticket: Ticket;
  canDraft: boolean;
  onDraft: (text: string) => void;
}) {
  const { t } = useTranslation();
  const flags = usePlanFlags();
  const [running, setRunning] = useState<AssistKind | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const cancel = useRef<AbortController | null>(null);
  const dispatch = useAppDispatch();
  const store = useAppStore();

  /** The session renewed as RTK Query's calls renew it (one refresh for every caller at once); false: it ended. */
  const refresh = async (): Promise<boolean> => {
    const api: BaseQueryApi = {
      signal: new AbortController().signal,
      abort: () => undefined,
      dispatch,
      getState: () => store.getState(),
      extra: undefined,
      endpoint: 'aiAssist',
      type: 'mutation',
    };
    const renewed = await refreshSession(api);
    if (!renewed) dispatch(sessionExpired());
    return renewed !== null;
  };

  useEffect(() => {
    setSummary(null);
    return () => cancel.current?.abort();
  }, [ticket.id]);

  if (!flagOn(flags, 'useOpenAi')) return null;

  const run = async (kind: AssistKind) => {
    cancel.current?.abort();
    const controller = new AbortController();
    cancel.current = controller;
    setRunning(kind);
    if (kind === 'summary') setSummary('');
    try {
      const text = await streamAssist(
        ticket.id,
        kind,
        (partial) => (kind === 'summary' ? setSummary(partial) : onDraft(partial)),
        { signal: controller.signal, refresh },
      );
      if (kind === 'summary') setSummary(text);
      else {
        onDraft(text);
        notify('info', t('assist.draftPlaced'));
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      if (kind === 'summary') setSummary(null);
      toastError(error);
    } finally {
      if (cancel.current === controller) {
        cancel.current = null;
        setRunning(null);
      }
    }
  };

  return (
    <>
      {summary !== null && (
        <Box mx="3" mt="2" p="2" borderWidth="1px" borderRadius="md" bg="bg.subtle" data-testid="assist-summary">
          <HStack justify="space-between" align="flex-start">
            <Text fontSize="xs" fontWeight="semibold">
              {t('assist.summaryTitle')}
            </Text>
            <CloseButton size="2xs" aria-label={t('assist.closeSummary')} onClick={() => setSummary(null)} />
          </HStack>
          <Text fontSize="sm" whiteSpace="pre-wrap" data-testid="assist-summary-text" aria-live="polite">
            {summary || t('assist.writing')}
          </Text>
        </Box>
      )}
      <HStack px="3" pt="2" gap="2" data-testid="assist-actions">
        <Button
          size="xs"
          variant="outline"
          loading={running === 'summary'}
          disabled={running !== null}
          onClick={() => void run('summary')}
          data-testid="assist-summarize"
        >
          {t('assist.summarize')}
        </Button>
        <Button
          size="xs"
          variant="outline"
          loading={running === 'suggestion'}
          disabled={running !== null || !canDraft}
          onClick={() => void run('suggestion')}
          data-testid="assist-suggest"
        >
          {t('assist.suggest')}
        </Button>
        {running && (
          <Button size="xs" variant="ghost" onClick={() => cancel.current?.abort()}>
            {t('assist.stop')}
          </Button>
        )}
      </HStack>
    </>
  );
}
