import { Signer } from '@fastify/cookie';

type UnsignResult = ReturnType<Signer['unsign']>;

/** Entries each direction keeps: far more than the members signed in at once on one instance. */
const MAX_ENTRIES = 20_000;

/**
 * The session cookie's signer (@fastify/cookie's HMAC-SHA256 Signer), with its answers kept. A
 * signed-in request checks its cookie's signature, and with rolling sessions signs the same id
 * again for the answer's Set-Cookie: two HMACs a request, about 5% of the server's time while
 * members post messages. Both are pure functions of the secret and the text, so a kept answer is
 * the one the HMAC would give: a cookie is taken as valid only if exactly that text was verified
 * before, and an invalid one is never kept (forged cookies cannot fill the memory). Oldest first
 * out once full.
 */
export class CachedSigner {
  private readonly signer: Signer;
  private readonly signed = new Map<string, string>();
  private readonly verified = new Map<string, UnsignResult>();

  constructor(secret: string) {
    this.signer = new Signer(secret, 'sha256');
  }

  sign = (value: string): string => {
    let signed = this.signed.get(value);
    if (signed === undefined) {
      signed = this.signer.sign(value);
      keep(this.signed, value, signed);
    }
    return signed;
  };

  unsign = (input: string): UnsignResult => {
    const kept = this.verified.get(input);
    if (kept) return kept;
    const result = this.signer.unsign(input);
    if (result.valid && !result.renew) keep(this.verified, input, Object.freeze(result));
    return result;
  };
}

function keep<V>(map: Map<string, V>, key: string, value: V) {
  if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
  map.set(key, value);
}
