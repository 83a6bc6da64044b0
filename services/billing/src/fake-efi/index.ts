export { FakeEfiServer, FAKE_EFI_PKI, type FakeEfiOptions } from './fake-efi-server.js';
export { brCode, crc16Ccitt, hasValidCrc } from './brcode.js';
