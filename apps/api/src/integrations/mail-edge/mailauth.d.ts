// mailauth 4.x ships no types; these are the parts of its API the mail edge and its tests use.
declare module 'mailauth/lib/dkim/sign.js' {
  export function dkimSign(
    input: Buffer | string,
    options: {
      canonicalization?: string;
      algorithm?: string;
      signTime?: Date;
      signatureData: { signingDomain: string; selector: string; privateKey: string }[];
    },
  ): Promise<{ signatures: string; errors: unknown[] }>;
}

declare module 'mailauth/lib/dkim/verify.js' {
  export function dkimVerify(
    input: Buffer | string,
    options?: {
      resolver?: (name: string, rrtype: string) => Promise<unknown>;
      sender?: string;
    },
  ): Promise<{
    results: {
      signingDomain: string;
      selector: string;
      status: { result: string; comment?: string; aligned?: string | false };
    }[];
  }>;
}
