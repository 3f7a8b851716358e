import { describe, expect, it } from 'vitest';
import { calendarFile, escapeIcsText, foldIcsLine } from './ics';

const event = {
  uid: 'appointment-7@vedara.in',
  sequence: 2,
  start: new Date('2026-12-09T04:30:00Z'),
  end: new Date('2026-12-09T05:00:00Z'),
  stamp: new Date('2026-11-27T10:11:12.345Z'),
  summary: 'Free consultation; with an expert, online',
  description: 'Line one\nLine two with a back\\slash',
  url: 'https://vedara.in/appointment/manage?a=7&e=1&s=x',
};

describe('calendar file (RFC 5545)', () => {
  it('is one VEVENT in a VCALENDAR, CRLF line ends, times in UTC, text escaped', () => {
    const ics = calendarFile(event);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Vedara Ayurveda//Appointments//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VEVENT',
    ]);
    expect(ics.replace(/\r\n /g, '')).toContain(
      [
        'UID:appointment-7@vedara.in',
        'SEQUENCE:2',
        'DTSTAMP:20261127T101112Z',
        'DTSTART:20261209T043000Z',
        'DTEND:20261209T050000Z',
        'SUMMARY:Free consultation\\; with an expert\\, online',
        'DESCRIPTION:Line one\\nLine two with a back\\\\slash',
      ].join('\r\n'),
    );
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/(?<!\r)\n/);
  });

  it('a cancelled version says so and cancels', () => {
    const ics = calendarFile({ ...event, cancelled: true, sequence: 3 });
    expect(ics).toContain('METHOD:CANCEL\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
    expect(ics).toContain('SEQUENCE:3\r\n');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'आयुर्वेद '.repeat(20)}`;
    const folded = foldIcsLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((p) => p.startsWith(' '))).toBe(true);
    expect(parts.map((p, i) => (i ? p.slice(1) : p)).join('')).toBe(line);
    expect(foldIcsLine('SHORT:1')).toBe('SHORT:1');
    expect(escapeIcsText('a,b;c')).toBe('a\\,b\\;c');
  });
});
