import { mapRow } from '@cs/platform/database';
import { readContactListItem } from '../contact-lists/contact-list-item.rows.js';
import { readContactEntity } from './contact.rows.js';

const at = new Date('2026-03-04T05:06:07.089Z');

describe('contacts raw rows', () => {
  it('reads a RETURNING * row of contacts into an entity, NULL columns as null', () => {
    const contact = mapRow(
      {
        id: 7,
        company_id: 3,
        name: 'Ana',
        number: '5511999990000',
        email: '',
        profile_pic_url: null,
        is_group: false,
        lid: null,
        whatsapp_id: 2,
        whatsapp_status: 'unknown',
        whatsapp_jid: null,
        whatsapp_check_id: null,
        name_locked: true,
        picture_requested_at: null,
        created_at: at,
        updated_at: at,
      },
      readContactEntity,
    );
    expect(contact).toMatchObject({
      id: 7,
      companyId: 3,
      name: 'Ana',
      profilePicUrl: null,
      whatsappId: 2,
      whatsappStatus: 'unknown',
      nameLocked: true,
      createdAt: at,
    });
    expect(contact.extraInfo).toBeUndefined();
  });

  it('refuses a contact whose WhatsApp status is outside the known set', () => {
    expect(() =>
      mapRow({ id: 7, company_id: 3, name: 'Ana', number: '', email: '', whatsapp_status: 'maybe' }, (r) =>
        r.oneOf('whatsapp_status', ['unknown'] as const),
      ),
    ).toThrow('SQL column "whatsapp_status" is not one of unknown');
    expect(() => mapRow({ id: '7x' }, readContactEntity)).toThrow('SQL column "id" is not an integer');
  });

  it("reads a list item's snapshot with ISO timestamps and an unchecked number as null", () => {
    const item = mapRow(
      {
        id: '11',
        company_id: 3,
        contact_list_id: 5,
        name: 'Bia',
        number: '5511988887777',
        email: 'bia@example.com',
        is_whatsapp_valid: null,
        created_at: at,
        updated_at: at,
      },
      readContactListItem,
    );
    expect(item).toEqual({
      id: 11,
      companyId: 3,
      contactListId: 5,
      name: 'Bia',
      number: '5511988887777',
      email: 'bia@example.com',
      isWhatsappValid: null,
      createdAt: '2026-03-04T05:06:07.089Z',
      updatedAt: '2026-03-04T05:06:07.089Z',
    });
  });
});
