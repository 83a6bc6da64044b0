import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS } from './permissions';

describe('permissions', () => {
  it('gives the admin every spec permission and the profile user none', () => {
    for (const permission of Object.values(PERMISSIONS)) {
      expect(can({ profile: 'admin' }, permission)).toBe(true);
      expect(can({ profile: 'Admin' }, permission)).toBe(true);
      expect(can({ profile: 'user' }, permission)).toBe(false);
    }
    expect(can(null, PERMISSIONS.deleteContact)).toBe(false);
    expect(PERMISSIONS.deleteContact).toBe('contacts-page:deleteContact');
  });
});
