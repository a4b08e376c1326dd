import { describe, expect, it } from 'vitest';
import { createCsvRecordCounter, csvField, csvRecord } from '@/lib/csv';

describe('csvField', () => {
  it('writes plain values as they are', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(42)).toBe('42');
    expect(csvField(-3.5)).toBe('-3.5');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('quotes fields with commas, quotes, CR or LF and doubles their quotes (RFC 4180)', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line1\nline2')).toBe('"line1\nline2"');
    expect(csvField('line1\r\nline2')).toBe('"line1\r\nline2"');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\nx', ' =1+1', '\n=1+1', '=HYPERLINK("http://evil","x")'])(
    'neutralises the formula %j',
    (value) => {
      const field = csvField(value);
      const unquoted = field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
      expect(unquoted).toBe(`'${value}`);
    },
  );

  it('neutralises formulas inside quoted fields too', () => {
    expect(csvField('=cmd|" /C calc"!A0,')).toBe(`"'=cmd|"" /C calc""!A0,"`);
  });

  it('writes objects as JSON', () => {
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
    expect(csvField(['x', 'y'])).toBe('"[""x"",""y""]"');
  });

  it('keeps unicode as is', () => {
    expect(csvField('مريم 🎙️')).toBe('مريم 🎙️');
  });
});

describe('csvRecord', () => {
  it('joins fields with commas and ends with CRLF', () => {
    expect(csvRecord(['a', 'b,c', null, 1])).toBe('a,"b,c",,1\r\n');
  });
});

describe('createCsvRecordCounter', () => {
  it('counts records across chunk boundaries, ignoring line breaks inside quotes', () => {
    const text =
      csvRecord(['id', 'note']) +
      csvRecord(['1', 'two\nlines']) +
      csvRecord(['2', 'a "quoted"\r\nvalue']) +
      csvRecord(['3', '']);
    for (const size of [1, 2, 3, 7, text.length]) {
      const counter = createCsvRecordCounter();
      for (let index = 0; index < text.length; index += size) counter.push(text.slice(index, index + size));
      expect(counter.records).toBe(4);
    }
  });
});
