import { describe, expect, it } from 'vitest';
import {
  noDelivery,
  priceChangeStatuses,
  priceStageOf,
  priceStages,
  priceStageWordKey,
  ZPriceChange,
  type TPriceDelivery,
} from './index';

const sending: TPriceDelivery = { destination: 'webhook', state: 'sending', deliveredAt: null };
const failed: TPriceDelivery = { destination: 'webhook', state: 'failed', deliveredAt: null };
const delivered: TPriceDelivery = {
  destination: 'webhook',
  state: 'delivered',
  deliveredAt: '2026-03-02T14:32:00.000Z',
};

describe('priceStageOf', () => {
  it('calls a published change sent only when a destination took it', () => {
    expect(priceStageOf('published', delivered)).toBe('sent');
    expect(priceStageOf('published', noDelivery)).toBe('not_sent');
    expect(priceStageOf('published', failed)).toBe('not_sent');
  });

  it('calls a change published with no webhook sending while a channel has yet to send it', () => {
    const channel = (state: TPriceDelivery['state']): TPriceDelivery => ({
      destination: 'channel',
      state,
      deliveredAt: state === 'delivered' ? '2026-03-02T14:33:00.000Z' : null,
    });
    expect(priceStageOf('published', channel('sending'))).toBe('sending');
    expect(priceStageOf('published', channel('delivered'))).toBe('sent');
    expect(priceStageOf('published', channel('failed'))).toBe('not_sent');
    expect(priceStageWordKey('not_sent', channel('failed'))).toBe('not_sent_delivery_failed');
  });

  it('follows an approved change through its delivery', () => {
    expect(priceStageOf('approved', noDelivery)).toBe('approved');
    expect(priceStageOf('approved', sending)).toBe('sending');
    expect(priceStageOf('approved', failed)).toBe('not_sent');
  });

  it('names the owner’s part and the changes that left the queue', () => {
    expect(priceStageOf('pending', noDelivery)).toBe('waiting');
    expect(priceStageOf('rejected', noDelivery)).toBe('rejected');
    expect(priceStageOf('superseded', sending)).toBe('superseded');
  });

  it('answers a stage of the one list for every status and delivery', () => {
    for (const status of priceChangeStatuses) {
      for (const delivery of [noDelivery, sending, failed, delivered]) {
        expect(priceStages).toContain(priceStageOf(status, delivery));
      }
    }
  });
});

describe('priceStageWordKey', () => {
  it('says why a change was not sent', () => {
    expect(priceStageWordKey('not_sent', noDelivery)).toBe('not_sent_no_destination');
    expect(priceStageWordKey('not_sent', failed)).toBe('not_sent_delivery_failed');
    expect(priceStageWordKey('sent', delivered)).toBe('sent');
  });
});

describe('ZPriceChange', () => {
  it('refuses a stage outside the vocabulary', () => {
    const change = ZPriceChange.shape.stage;
    expect(change.safeParse('published').success).toBe(false);
    expect(change.safeParse('not_sent').success).toBe(true);
  });
});
