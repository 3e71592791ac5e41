/**
 * The gift cards an order issues (000-1.09): one card per unit of each GIFT_CARD line, worth the
 * line's unit price. A code is 16 characters drawn from an alphabet without look-alikes (80 random
 * bits), shown in groups of four. It is stored twice and never in clear: its SHA-256 (`code_hash`,
 * how a code typed at checkout will be found when spending comes) and sealed with the server's key
 * (`code_sealed`), opened only to deliver it (the confirmation email, the token-gated order pages).
 * A code never enters a log line, a job's payload or an error message.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import type { ProductType } from '../../../domain/commerce';
import { seal, unseal } from '../../secrets/sealed';
import { giftCards } from './schema';

/** No 0/O or 1/I: a code read aloud or copied from paper survives. 32 characters, so a byte's low 5 bits pick one evenly. */
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const GIFT_CARD_CODE_LENGTH = 16;
const GROUP = 4;

const GIFT_CARD: ProductType = 'GIFT_CARD';

/** A new code, as a person reads it: `ABCD-EFGH-JKMN-PQRS`. */
export function newGiftCardCode(): string {
  const bytes = randomBytes(GIFT_CARD_CODE_LENGTH);
  const raw = Array.from(bytes, (b) => CODE_ALPHABET[b & 31]).join('');
  return raw.match(new RegExp(`.{${GROUP}}`, 'g'))!.join('-');
}

/** A code as typed (any case, with or without dashes and spaces) reduced to its characters. */
export function normalizeGiftCardCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}

/** What `code_hash` holds: the SHA-256 of the normalised code, hex. */
export function giftCardCodeHash(code: string): string {
  return createHash('sha256').update(normalizeGiftCardCode(code)).digest('hex');
}

export type GiftCardLine = { position: number; productType: string; quantity: number; unitPriceCents: number };

/** Issues the order's gift cards in the caller's transaction (checkout's finalize), in one multi-row insert. */
export async function issueGiftCards(tx: Executor, input: { websiteId: string; orderId: string; currency: string; lines: GiftCardLine[] }): Promise<void> {
  const rows = input.lines
    .filter((line) => line.productType === GIFT_CARD)
    .flatMap((line) =>
      Array.from({ length: line.quantity }, () => {
        const code = newGiftCardCode();
        return {
          websiteId: input.websiteId,
          id: randomBytes(12).toString('hex'),
          orderId: input.orderId,
          orderLine: line.position,
          codeHash: giftCardCodeHash(code),
          codeSealed: seal(code),
          currency: input.currency,
          amountCents: line.unitPriceCents,
          balanceCents: line.unitPriceCents,
        };
      }),
    );
  if (rows.length > 0) await tx.insert(giftCards).values(rows);
}

export type IssuedGiftCard = { orderLine: number; code: string; amountCents: number; currency: string };

/** An order's gift card codes, opened for delivery, by line then as issued. */
export async function giftCardCodesOf(db: Executor, websiteId: string, orderId: string): Promise<IssuedGiftCard[]> {
  const rows = await db
    .select({ orderLine: giftCards.orderLine, codeSealed: giftCards.codeSealed, amountCents: giftCards.amountCents, currency: giftCards.currency })
    .from(giftCards)
    .where(and(eq(giftCards.websiteId, websiteId), eq(giftCards.orderId, orderId)))
    .orderBy(asc(giftCards.orderLine), asc(giftCards.id));
  return rows.map((r) => ({ orderLine: r.orderLine, code: unseal(r.codeSealed), amountCents: r.amountCents, currency: r.currency }));
}
