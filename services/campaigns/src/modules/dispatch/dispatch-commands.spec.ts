import { campaignMessageId, commandIdOf, mediaKindOf, parseCampaignMessageId } from './dispatch-commands.js';

describe('campaign send commands', () => {
  it('keep their id when re-published after a crash, so the contact gets each part once', () => {
    const first = commandIdOf(campaignMessageId('12345', 'main'));
    expect(commandIdOf(campaignMessageId('12345', 'main'))).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('differ between the parts of one shipping and between shippings', () => {
    const ids = [
      campaignMessageId('12345', 'confirm'),
      campaignMessageId('12345', 'main'),
      campaignMessageId('12345', 'file-7'),
      campaignMessageId('12346', 'main'),
    ].map(commandIdOf);
    expect(new Set(ids).size).toBe(4);
  });

  it('lead the connector’s result back to its shipping and part; other messages are not a campaign’s', () => {
    expect(parseCampaignMessageId(campaignMessageId(987, 'file-12'))).toEqual({ shippingId: '987', part: 'file-12' });
    expect(parseCampaignMessageId('3EB0C4F1A2B3C4D5E6F7')).toBeNull();
    expect(parseCampaignMessageId('campaign:abc:main')).toBeNull();
  });

  it('send a stored file as the WhatsApp kind of its type', () => {
    expect(['image/png', 'video/mp4', 'audio/ogg', 'application/pdf', 'text/csv'].map(mediaKindOf)).toEqual([
      'image',
      'video',
      'audio',
      'document',
      'document',
    ]);
  });
});
