import type { JSONContent } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { descriptionToEditorHtml, isDescriptionLink, storedDescription } from './description-format';

const text = (value: string, ...marks: JSONContent['marks'] & object): JSONContent => ({
  type: 'text',
  text: value,
  ...(marks.length > 0 ? { marks } : {}),
});
const paragraph = (...content: JSONContent[]): JSONContent => ({ type: 'paragraph', content });
const doc = (...content: JSONContent[]): JSONContent => ({ type: 'doc', content });
const item = (...content: JSONContent[]): JSONContent => ({ type: 'listItem', content });
const bold = { type: 'bold' };
const italic = { type: 'italic' };
const underline = { type: 'underline' };
const link = (href: string) => ({ type: 'link', attrs: { href } });

describe('storedDescription', () => {
  it('stores text with nothing formatted as plain text, a line per paragraph and per line break', () => {
    expect(
      storedDescription(
        doc(paragraph(text('Agenda')), paragraph(), paragraph(text('One'), { type: 'hardBreak' }, text('Two'))),
      ),
    ).toBe('Agenda\n\nOne\nTwo');
  });

  it('keeps an address typed out as plain text, and leaves off empty lines at either end', () => {
    expect(
      storedDescription(
        doc(
          paragraph(),
          paragraph(text('See '), text('https://a.example/x', link('https://a.example/x'))),
          paragraph(),
        ),
      ),
    ).toBe('See https://a.example/x');
  });

  it('writes Google Calendar’s tags once anything is formatted, lines apart by <br>', () => {
    expect(
      storedDescription(
        doc(
          paragraph(text('Agenda', bold), text(' for '), text('Monday', italic, underline)),
          paragraph(text('Slides', link('https://docs.example.com/d/1'))),
        ),
      ),
    ).toBe('<b>Agenda</b> for <i><u>Monday</u></i><br><a href="https://docs.example.com/d/1">Slides</a>');
  });

  it('writes lists as <ul> and <ol> of <li>, with nested lists inside their item', () => {
    expect(
      storedDescription(
        doc(
          paragraph(text('Before')),
          {
            type: 'bulletList',
            content: [
              item(paragraph(text('One'))),
              item(paragraph(text('Two')), { type: 'orderedList', content: [item(paragraph(text('Two a')))] }),
            ],
          },
          paragraph(text('After')),
        ),
      ),
    ).toBe('Before<ul><li>One</li><li>Two<ol><li>Two a</li></ol></li></ul>After');
  });

  it('escapes the text and the address, and drops a link to anything but a web or mail address', () => {
    expect(
      storedDescription(
        doc(
          paragraph(text('a < b & "c"', bold)),
          paragraph(text('run', link('javascript:alert(1)'))),
          paragraph(text('q', link('https://x.example/?a=1&b="2"'))),
        ),
      ),
    ).toBe('<b>a &lt; b &amp; "c"</b><br>run<br><a href="https://x.example/?a=1&amp;b=&quot;2&quot;">q</a>');
  });

  it('is empty for a document with no text', () => {
    expect(storedDescription(doc(paragraph()))).toBe('');
    expect(storedDescription({ type: 'doc' })).toBe('');
  });
});

describe('descriptionToEditorHtml', () => {
  it('loads HTML as it is, and plain text a paragraph per line, escaped', () => {
    expect(descriptionToEditorHtml('<b>Agenda</b><br>Budget')).toBe('<b>Agenda</b><br>Budget');
    expect(descriptionToEditorHtml('a < b\n\nThe end')).toBe('<p>a &lt; b</p><p></p><p>The end</p>');
  });
});

describe('isDescriptionLink', () => {
  it('allows web and mail addresses only', () => {
    expect(isDescriptionLink('https://example.com/a')).toBe(true);
    expect(isDescriptionLink('mailto:ana@example.com')).toBe(true);
    expect(isDescriptionLink('javascript:alert(1)')).toBe(false);
    expect(isDescriptionLink('file:///etc/passwd')).toBe(false);
    expect(isDescriptionLink('https://')).toBe(false);
  });
});
