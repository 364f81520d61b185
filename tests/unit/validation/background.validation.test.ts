import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/errors.js';
import { parseBackground, parseCover } from '../../../src/domain/background.js';
import {
  coverMessages,
  messages,
  validateBackgroundInput,
  validateCoverInput,
} from '../../../src/validation/background.validation.js';

const TWO_MB = 2 * 1024 * 1024;

function fieldsOf(fn: () => unknown): Record<string, string> {
  try {
    fn();
  } catch (err) {
    if (err instanceof ValidationError) return { ...err.fields };
    throw err;
  }
  throw new Error('expected a ValidationError');
}

describe('validateBackgroundInput (write: strict, canonical)', () => {
  it.each<[string, string, string]>([
    ['color', '#F9FAFB', '#f9fafb'],
    ['color', 'color:Red', 'red'],
    ['color', ' rgb(1, 2, 3) ', 'rgb(1,2,3)'],
    ['color', 'hsl(120deg 50% 50% / 0.5)', 'hsla(120,50%,50%,0.5)'],
    ['image', '/uploads/4/bg.webp', '/uploads/4/bg.webp'],
    ['video', 'https://cdn.example.com/stream', 'video:https://cdn.example.com/stream'],
    ['video', 'https://cdn.example.com/a.webm', 'video:https://cdn.example.com/a.webm'],
    ['video', 'video:/uploads/3/a.mp4', 'video:/uploads/3/a.mp4'],
    ['video', 'video:animation:waves', 'video:animation:waves:{}'],
    ['animation', 'particles', 'animation:particles:{}'],
    ['animation', 'animation:geometry', 'animation:geometry:{}'],
    ['animation', 'video:animation:waves:{}', 'animation:waves:{}'],
    [
      'animation',
      'animation:gradient:{ "speed": 2, "foo": 1, "colors": ["#FFF", "Black"], "direction": "radial" }',
      'animation:gradient:{"colors":["#fff","black"],"direction":"radial","speed":2}',
    ],
    [
      'animation',
      'animation:geometry:{"dark":{"colors":["#111","#222"],"x":1},"shapes":["square","circle"],"count":20,' +
        '"size":12.5}',
      'animation:geometry:{"count":20,"size":12.5,"shapes":["circle","square"],"dark":{"colors":["#111","#222"]}}',
    ],
    [
      'animation',
      'animation:waves:{"amplitude":5,"waveCount":6,"speed":0.1,"light":{"colors":["rgb(1, 2, 3)","#abc"]}}',
      'animation:waves:{"speed":0.1,"waveCount":6,"amplitude":5,"light":{"colors":["rgb(1,2,3)","#abc"]}}',
    ],
  ])('(%s, %j) → %j', (type, value, stored) => {
    expect(validateBackgroundInput(type, value)).toBe(stored);
    // Canonical is a fixed point, and it reads back as what was meant.
    expect(validateBackgroundInput(type, stored)).toBe(stored);
    const kind = stored.includes('animation:') ? 'animation' : type;
    expect(parseBackground(type, stored)?.kind).toBe(kind);
  });

  it.each<[unknown, unknown, Record<string, string>]>([
    ['color', 'red;}</style>', { background_value: messages.invalidColor }],
    ['color', '#fff;background:url(javascript:alert(1))', { background_value: messages.invalidColor }],
    ['color', 'expression(alert(1))', { background_value: messages.invalidColor }],
    ['color', 'https://example.com/a.png', { background_value: messages.invalidColor }],
    ['color', 'animation:gradient', { background_value: messages.invalidColor }],
    ['image', 'javascript:alert(1)', { background_value: messages.invalidImage }],
    ['image', 'https://example.com/v.mp4', { background_value: messages.invalidImage }],
    ['image', 'color:#fff', { background_value: messages.invalidImage }],
    ['image', '#fff', { background_value: messages.invalidImage }],
    ['image', 'data:image/svg+xml;base64,PHN2Zz4=', { background_value: messages.invalidImage }],
    ['image', `data:image/png;base64,${'A'.repeat(TWO_MB + 4)}`, { background_value: messages.imageTooLarge }],
    // Images come only from our re-encoded uploads: no data: URL, no image of another site.
    ['image', 'data:image/PNG;base64,AAAA', { background_value: messages.imageByUpload }],
    ['image', 'https://Example.com/a.png', { background_value: messages.imageByUpload }],
    ['image', 'https://tracker.example/pixel.gif?id=1', { background_value: messages.imageByUpload }],
    ['video', '/uploads/3/a.jpg', { background_value: messages.invalidVideo }],
    ['video', 'javascript:alert(1)', { background_value: messages.invalidVideo }],
    ['video', 'color:red', { background_value: messages.invalidVideo }],
    ['animation', 'animation:nope', { background_value: messages.invalidAnimation }],
    ['animation', '#fff', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"count":1000}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"count":"50"}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"count":12.5}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"speed":0}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"colors":["#f00"]}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"colors":["#f00","red;}"]}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"direction":"up"}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"shapes":["star"]}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"dark":5}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:{"light":{"colors":["red"]}}', { background_value: messages.invalidAnimation }],
    ['animation', 'animation:gradient:[]', { background_value: messages.invalidAnimation }],
    [
      'animation',
      `animation:gradient:{"p":"${'x'.repeat(10 * 1024)}"}`,
      { background_value: messages.invalidAnimation },
    ],
    ['animation', 'animation:gradient:{"a":{"b":{"c":[1]}}}', { background_value: messages.invalidAnimation }],
    ['color', '', { background_value: messages.empty }],
    ['color', '   ', { background_value: messages.empty }],
    ['color', 42, { background_value: messages.empty }],
    ['color', null, { background_value: messages.empty }],
    ['bogus', '#fff', { background_type: messages.invalidType }],
    [undefined, '#fff', { background_type: messages.invalidType }],
    ['COLOR', '#fff', { background_type: messages.invalidType }],
  ])('(%j, %j) is refused', (type, value, fields) => {
    expect(fieldsOf(() => validateBackgroundInput(type, value))).toEqual(fields);
  });

  it('answers in Turkish with status 422', () => {
    let caught: unknown;
    try {
      validateBackgroundInput('color', 'nope');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ValidationError);
    expect((caught as ValidationError).status).toBe(422);
    expect((caught as ValidationError).message).toBe('Geçersiz renk değeri.');
    expect(messages.invalidAnimation).toBe('Geçersiz animasyon ayarı.');
    expect(messages.invalidImage).toBe('Geçersiz görsel adresi.');
  });
});

describe('validateCoverInput (the cover: cover_type, cover_value → cover_photo)', () => {
  it.each<[string, string, string, string]>([
    ['color', '#1E3A8A', 'color:#1e3a8a', 'color'],
    ['color', 'color:Teal', 'color:teal', 'color'],
    ['color', 'rgb(1, 2, 3)', 'color:rgb(1,2,3)', 'color'],
    ['image', '/uploads/4/kapak.jpg', '/uploads/4/kapak.jpg', 'image'],
    ['image', '/uploads/4/cover-1.jpg', '/uploads/4/cover-1.jpg', 'image'],
    ['video', 'https://cdn.example.com/stream', 'video:https://cdn.example.com/stream', 'video'],
    ['video', 'video:/uploads/3/a.mp4', 'video:/uploads/3/a.mp4', 'video'],
    ['animation', 'particles', 'animation:particles:{}', 'animation'],
    ['animation', 'video:animation:waves:{}', 'animation:waves:{}', 'animation'],
    [
      'animation',
      'animation:gradient:{"speed":2,"colors":["#FFF","Black"]}',
      'animation:gradient:{"colors":["#fff","black"],"speed":2}',
      'animation',
    ],
  ])('(%s, %j) → %j', (type, value, stored, kind) => {
    expect(validateCoverInput(type, value)).toBe(stored);
    // Canonical is a fixed point, and the public page reads it back as what was meant.
    expect(validateCoverInput(type, stored)).toBe(stored);
    expect(parseCover(stored)?.kind).toBe(kind);
  });

  it('keeps an image stored before by address when the same value is sent again, and refuses a new one', () => {
    const before = 'https://images.example.com/bg.jpg';
    expect(validateBackgroundInput('image', before, before)).toBe(before);
    expect(fieldsOf(() => validateBackgroundInput('image', 'https://images.example.com/other.jpg', before))).toEqual({
      background_value: messages.imageByUpload,
    });
    expect(validateCoverInput('image', 'data:image/png;base64,AAAA', 'data:image/png;base64,AAAA')).toBe(
      'data:image/png;base64,AAAA',
    );
    expect(fieldsOf(() => validateCoverInput('image', 'https://images.example.com/bg.jpg', null))).toEqual({
      cover_value: coverMessages.imageByUpload,
    });
  });

  it.each<[unknown, unknown, Record<string, string>]>([
    ['color', 'red;}</style>', { cover_value: coverMessages.invalidColor }],
    ['color', 'https://example.com/a.jpg', { cover_value: coverMessages.invalidColor }],
    ['image', 'javascript:alert(1)', { cover_value: coverMessages.invalidImage }],
    ['image', 'https://example.com/a.mp4', { cover_value: coverMessages.invalidImage }],
    ['image', 'https://Example.com/kapak.jpg', { cover_value: coverMessages.imageByUpload }],
    ['image', `data:image/png;base64,${'A'.repeat(TWO_MB + 4)}`, { cover_value: coverMessages.imageTooLarge }],
    ['video', 'javascript:alert(1)', { cover_value: coverMessages.invalidVideo }],
    ['video', '//evil.example/a.mp4', { cover_value: coverMessages.invalidVideo }],
    // The background keeps reading the older spelling under type video; a cover has no such past.
    ['video', 'video:animation:waves', { cover_value: coverMessages.invalidVideo }],
    ['animation', 'animation:fireworks', { cover_value: coverMessages.invalidAnimation }],
    ['animation', 'animation:waves:{"count":1000}', { cover_value: coverMessages.invalidAnimation }],
    ['color', '  ', { cover_value: 'Lütfen bir kapak seçin.' }],
    ['bogus', '#fff', { cover_type: 'Geçersiz kapak türü.' }],
    [undefined, '#fff', { cover_type: 'Geçersiz kapak türü.' }],
  ])('(%j, %j) is refused', (type, value, fields) => {
    expect(fieldsOf(() => validateCoverInput(type, value))).toEqual(fields);
  });
});
