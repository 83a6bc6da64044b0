/**
 * A customer's file the connector did not keep (`refusedMedia` of the inbound message: a webm video, a file over
 * the size limit) is stored with the message and named in the message view and in the live event, so the chat can
 * say which file the customer sent; only the ticket's company sees it.
 */
import { expectEventually, nextCompanyId } from '@cs/platform/testing';
import { MessageCreated } from '@cs/proto/events';
import { type CompanySetup, inboundText, setupCompany, sharedHarness, ticketFrom } from '../support/harness.js';

const harness = sharedHarness();
let a: CompanySetup;
let b: CompanySetup;
let ticketId: number;

beforeAll(async () => {
  a = await setupCompany(harness, await nextCompanyId());
  b = await setupCompany(harness, await nextCompanyId());
  ticketId = (await ticketFrom(harness, a, a.contact, 'Vou mandar o vídeo')).id;
}, 120_000);

const REFUSED = { fileName: 'clip.webm', mimeType: 'video/webm', reason: 'unsupported-type' } as const;

describe('a message whose file the connector refused', () => {
  it('keeps the file name, type and reason, in GET /messages/{ticketId} and the live event', async () => {
    const text = inboundText(a.contact, a.connectionId, '', 'WA-REFUSED-WEBM');
    await harness.publish('contacts.inbound-message.resolved', a.companyId, `${a.connectionId}:${a.contact.number}`, {
      ...text,
      source: { ...text.source, data: { ...text.source.data, kind: 'video', refusedMedia: REFUSED } },
    });

    const live = await expectEventually(() => {
      const found = harness
        .eventsOf(a.companyId, MessageCreated)
        .find((event) => event.data.message.id === 'WA-REFUSED-WEBM');
      if (!found) throw new Error('no tickets.message.created for the refused video');
      return found.data.message;
    });
    expect(live).toMatchObject({ mediaType: 'video', mediaUrl: null, refusedMedia: REFUSED });

    const page = await harness.http('GET', `/messages/${ticketId}`, a.admin);
    expect(page.status).toBe(200);
    const messages = page.body.messages as Array<{ id: string; refusedMedia?: unknown; mediaType: string }>;
    expect(messages.find((m) => m.id === 'WA-REFUSED-WEBM')).toMatchObject({
      mediaType: 'video',
      mediaUrl: null,
      refusedMedia: REFUSED,
    });
    // a message with nothing refused names nothing
    expect(messages.find((m) => m.id !== 'WA-REFUSED-WEBM')?.refusedMedia).toBeUndefined();

    const [row] = await harness.query(
      `SELECT company_id, refused_media_name, refused_media_type, refused_media_reason
         FROM tickets.messages WHERE id = 'WA-REFUSED-WEBM'`,
    );
    expect(row).toEqual({
      company_id: a.companyId,
      refused_media_name: 'clip.webm',
      refused_media_type: 'video/webm',
      refused_media_reason: 'unsupported-type',
    });
  });

  it("answers 404 to another company's GET /messages/{ticketId}", async () => {
    const other = await harness.http('GET', `/messages/${ticketId}`, b.admin);
    expect(other.status).toBe(404);
  });
});
