import { describe, expect, it } from 'vitest';
import { excerptParts, linkParts } from './links';

describe('linkParts', () => {
  it('sets http and https addresses apart from the text around them', () => {
    expect(linkParts('Agenda: https://docs.example.com/d/1?x=2#top and http://intra.example/wiki')).toEqual([
      { text: 'Agenda: ' },
      { text: 'https://docs.example.com/d/1?x=2#top', href: 'https://docs.example.com/d/1?x=2#top' },
      { text: ' and ' },
      { text: 'http://intra.example/wiki', href: 'http://intra.example/wiki' },
    ]);
  });

  it('leaves the sentence’s punctuation and brackets out of the address, but keeps its own', () => {
    expect(linkParts('Join (https://meet.example.com/abc).')).toEqual([
      { text: 'Join (' },
      { text: 'https://meet.example.com/abc', href: 'https://meet.example.com/abc' },
      { text: ').' },
    ]);
    expect(linkParts('See https://en.wikipedia.org/wiki/Mercury_(planet), then')[1]).toEqual({
      text: 'https://en.wikipedia.org/wiki/Mercury_(planet)',
      href: 'https://en.wikipedia.org/wiki/Mercury_(planet)',
    });
  });

  it('links no other scheme, and takes markup around an address as text', () => {
    const text = 'javascript:alert(1) file:///etc/passwd <a href="https://x.example/">here</a>';
    const parts = linkParts(text);
    expect(parts.filter((part) => part.href).map((part) => part.href)).toEqual(['https://x.example/']);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });

  it('answers plain text as one part, and nothing for nothing', () => {
    expect(linkParts('No links here')).toEqual([{ text: 'No links here' }]);
    expect(linkParts('')).toEqual([]);
  });
});

describe('excerptParts', () => {
  it('keeps a short text whole', () => {
    expect(excerptParts('  Notes https://a.example/b  ', 40)).toEqual([
      { text: 'Notes ' },
      { text: 'https://a.example/b', href: 'https://a.example/b' },
    ]);
  });

  it('cuts a long text with “…”; an address cut short links to the whole of it', () => {
    expect(excerptParts('Read https://a.example/a-long-path first', 16)).toEqual([
      { text: 'Read ' },
      { text: 'https://a.e…', href: 'https://a.example/a-long-path' },
    ]);
    expect(excerptParts('https://a.example/ then a long tail of words', 24)).toEqual([
      { text: 'https://a.example/', href: 'https://a.example/' },
      { text: ' then…' },
    ]);
  });
});
