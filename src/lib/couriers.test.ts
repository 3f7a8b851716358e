import { describe, expect, it } from 'vitest';
import { COURIER_MESSAGES, courierKey, trackingPageUrl, trackingTemplateProblem } from './couriers';

describe('courier tracking pages', () => {
  it('takes an https address with {number} once, in the path or the query', () => {
    for (const good of [
      'https://www.delhivery.com/track-v2/package/{number}',
      'https://www.bluedart.com/web/guest/trackdartresultthirdparty?trackFor=0&trackNo={number}',
      ' https://ekart.example/t?awb={number}&lang=en ',
    ])
      expect(trackingTemplateProblem(good), good).toBeNull();
  });

  it('refuses anything else with a message saying what to fix', () => {
    const cases: [string, string][] = [
      ['', COURIER_MESSAGES.template],
      ['http://www.delhivery.com/track/{number}', COURIER_MESSAGES.https],
      ['javascript:alert(1)//{number}', COURIER_MESSAGES.https],
      ['https://user:pw@courier.example/{number}', COURIER_MESSAGES.https],
      ['https://localhost/{number}', COURIER_MESSAGES.https],
      ['https://courier.example/track/', COURIER_MESSAGES.placeholder],
      ['https://courier.example/{number}/{number}', COURIER_MESSAGES.placeholder],
      ['https://courier.example/{awb}?n={number}', COURIER_MESSAGES.placeholder],
      ['https://{number}.courier.example/', COURIER_MESSAGES.placeholderInHost],
      ['https://courier.example{number}', COURIER_MESSAGES.placeholderInHost],
      [`https://courier.example/${'a'.repeat(500)}{number}`, COURIER_MESSAGES.tooLong],
    ];
    for (const [template, message] of cases) expect(trackingTemplateProblem(template), template).toBe(message);
  });

  it('puts the tracking number in URL-encoded, so it can never leave its place', () => {
    const template = 'https://www.delhivery.com/track-v2/package/{number}';
    expect(trackingPageUrl(template, 'DL123')).toBe('https://www.delhivery.com/track-v2/package/DL123');
    expect(trackingPageUrl(template, ' EK 123/45 ')).toBe('https://www.delhivery.com/track-v2/package/EK%20123%2F45');
    expect(trackingPageUrl(template, '1?x=y#@evil.example')).toBe(
      'https://www.delhivery.com/track-v2/package/1%3Fx%3Dy%23%40evil.example',
    );
    expect(new URL(trackingPageUrl(template, '../../admin')!).pathname).toBe('/track-v2/package/..%2F..%2Fadmin');
  });

  it('makes no link without a number or with an unusable template', () => {
    expect(trackingPageUrl('https://courier.example/{number}', '')).toBeNull();
    expect(trackingPageUrl('https://courier.example/{number}', 'x'.repeat(81))).toBeNull();
    expect(trackingPageUrl('http://courier.example/{number}', 'DL1')).toBeNull();
    expect(trackingPageUrl(null, 'DL1')).toBeNull();
  });

  it('compares courier names whatever their case and spacing', () => {
    expect(courierKey('  Blue   Dart ')).toBe(courierKey('blue dart'));
  });
});
