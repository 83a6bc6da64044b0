import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Report, ReportRow } from '@cs/proto/http';
import { admin } from '../../../testing/fixtures';
import { API } from '../../../testing/handlers';
import { renderApp } from '../../../testing/render';
import { server } from '../../../testing/server';
import { ReportsPage } from './reports-page';

const BUCKETS = [15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 28800, 86400, 172800, 604800];
const duration = (count: number, median: number | null, p90: number | null) => ({
  count,
  avg: median,
  median,
  p90,
  histogram: Array.from({ length: 16 }, (_, i) => (i === 3 ? count : 0)),
});
const row = (key: number, name: string, opened: number, breaches: number): ReportRow => ({
  period: null,
  key,
  name,
  opened,
  reopened: 1,
  closed: opened - 1,
  firstResponse: duration(opened, 90, 110),
  resolution: duration(opened - 1, 3700, 7000),
  wait: duration(opened, 30, 50),
  received: 10,
  sent: 12,
  ratings: { asked: 2, rate1: 0, rate2: 1, rate3: 1, responseRate: 1 },
  onlineSeconds: 3600,
  breaches: { firstResponse: breaches, resolution: 0 },
});

function stub(calls: URLSearchParams[]) {
  server.use(
    http.get(`${API}/reports`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      const report: Report = {
        from: params.get('from') ?? '',
        to: params.get('to') ?? '',
        groupBy: (params.get('groupBy') ?? 'none') as Report['groupBy'],
        period: (params.get('period') ?? 'total') as Report['period'],
        businessHours: params.get('businessHours') === 'true',
        timezone: 'America/Sao_Paulo',
        buckets: BUCKETS,
        rows: params.get('groupBy') === 'none' ? [] : [row(5, 'Carla', 4, 2), row(6, 'Davi', 3, 0)],
      };
      return HttpResponse.json(report);
    }),
    http.get(`${API}/reports/tickets`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      expect(params.get('key')).toBe('5');
      expect(params.get('figure')).toBe('frtBreached');
      return HttpResponse.json({
        tickets: [
          {
            ticketId: 41,
            cycleId: 90,
            contactName: 'Maria Souza',
            contactNumber: '5511999990000',
            agent: 'Carla',
            queue: 'Suporte',
            connection: 'Loja',
            openedAt: '2026-12-01 09:00:00',
            closedAt: null,
            firstResponseSeconds: 420,
            resolutionSeconds: null,
            waitSeconds: 30,
            rate: null,
            frtBreached: true,
            resBreached: false,
          },
        ],
        hasMore: false,
      });
    }),
  );
}

describe('the reports page', () => {
  it('shows the table by agent with medians, and the tickets behind a breach figure', async () => {
    const calls: URLSearchParams[] = [];
    stub(calls);
    renderApp(<ReportsPage />, { user: admin });
    const carla = await screen.findByTestId('report-row-5');
    expect(within(carla).getByText('Carla')).toBeTruthy();
    // median / p90 of the first response
    expect(within(carla).getByText('1m 30s / 1m 50s')).toBeTruthy();
    expect(calls[0]?.get('groupBy')).toBe('agent');
    expect(calls[0]?.get('from')?.endsWith('-01')).toBe(true);
    expect(screen.getByTestId('report-chart-first-response')).toBeTruthy();

    await userEvent.click(screen.getByTestId('report-figure-5-total-frtBreached'));
    const drill = await screen.findByTestId('report-drill-down');
    expect(await within(drill).findByText('Maria Souza')).toBeTruthy();
    expect(within(drill).getByText('7m 00s')).toBeTruthy();
  });

  it('asks for durations in business hours only when the option is ticked', async () => {
    const calls: URLSearchParams[] = [];
    stub(calls);
    renderApp(<ReportsPage />, { user: admin });
    await screen.findByTestId('report-row-5');
    expect(calls.every((c) => c.get('businessHours') !== 'true')).toBe(true);
    await userEvent.click(screen.getByText('Somente horário comercial'));
    await waitFor(() => expect(calls.some((c) => c.get('businessHours') === 'true')).toBe(true));
  });

  it('asks again by queue and by week when the filters change', async () => {
    const calls: URLSearchParams[] = [];
    stub(calls);
    renderApp(<ReportsPage />, { user: admin });
    await screen.findByTestId('report-row-5');
    await userEvent.selectOptions(screen.getByTestId('report-groupBy'), 'queue');
    await userEvent.selectOptions(screen.getByTestId('report-period'), 'week');
    await waitFor(() =>
      expect(calls.some((c) => c.get('groupBy') === 'queue' && c.get('period') === 'week')).toBe(true),
    );
  });
});
