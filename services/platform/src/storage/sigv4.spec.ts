import { amzDateOf, EMPTY_SHA256, encodeS3Path, sha256Hex, signV4 } from './sigv4.js';

// AWS's published examples: https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
const AWS_EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
};

describe('signV4 (AWS Signature Version 4 for S3)', () => {
  it("signs AWS's GET Object example (with a Range header) to the published signature", () => {
    const signed = signV4(
      {
        method: 'GET',
        path: '/test.txt',
        headers: {
          Host: 'examplebucket.s3.amazonaws.com',
          Range: 'bytes=0-9',
          'x-amz-content-sha256': EMPTY_SHA256,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: EMPTY_SHA256,
        amzDate: '20130524T000000Z',
      },
      AWS_EXAMPLE,
    );
    expect(signed.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it("signs AWS's PUT Object example (a key with $, a storage class) to the published signature", () => {
    const body = 'Welcome to Amazon S3.';
    expect(sha256Hex(body)).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const signed = signV4(
      {
        method: 'PUT',
        path: `/${encodeS3Path('test$file.text')}`,
        headers: {
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          Host: 'examplebucket.s3.amazonaws.com',
          'x-amz-content-sha256': sha256Hex(body),
          'x-amz-date': '20130524T000000Z',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        },
        payloadHash: sha256Hex(body),
        amzDate: '20130524T000000Z',
      },
      AWS_EXAMPLE,
    );
    expect(signed.canonicalRequest.split('\n')[1]).toBe('/test%24file.text');
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('changes the signature with the secret, and encodes keys as S3 expects', () => {
    const request = {
      method: 'GET',
      path: '/b/k',
      headers: { host: 'h', 'x-amz-date': '20130524T000000Z' },
      payloadHash: EMPTY_SHA256,
      amzDate: '20130524T000000Z',
    };
    expect(signV4(request, AWS_EXAMPLE).signature).not.toBe(
      signV4(request, { ...AWS_EXAMPLE, secretAccessKey: 'other' }).signature,
    );
    expect(encodeS3Path("2/7/uuid-foto (1)'ção*.png")).toBe('2/7/uuid-foto%20%281%29%27%C3%A7%C3%A3o%2A.png');
    expect(amzDateOf(new Date('2013-05-24T00:00:00.123Z'))).toBe('20130524T000000Z');
  });
});
