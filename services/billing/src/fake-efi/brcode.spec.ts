import { brCode, crc16Ccitt, hasValidCrc } from './brcode.js';

/** The static Pix example of the Banco Central's "Manual de Padrões para Iniciação do Pix" (CRC 1D3D). */
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('Pix BR Code', () => {
  it('computes CRC16-CCITT (0x1021, init 0xFFFF) like the standard check value', () => {
    expect(crc16Ccitt('123456789')).toBe('29B1');
  });

  it("reproduces the Banco Central's published example, CRC included", () => {
    expect(crc16Ccitt(BCB_EXAMPLE.slice(0, -4))).toBe('1D3D');
    expect(
      brCode({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(BCB_EXAMPLE);
  });

  it('builds a dynamic code with the location, the amount and a valid CRC', () => {
    const code = brCode({
      location: 'pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25',
      amount: '199.90',
      merchantName: 'Plataforma de Atendimento Ltda',
      merchantCity: 'São Paulo',
    });
    expect(code.startsWith('000201010212')).toBe(true);
    expect(code).toContain('2554pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25');
    expect(code).toContain('5406199.90');
    expect(code).toContain('5925Plataforma de Atendimento6009Sao Paulo');
    expect(hasValidCrc(code)).toBe(true);
    const tampered = code.replace('5406199.90', '5406100.00');
    expect(hasValidCrc(tampered)).toBe(false);
  });
});
