import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useState, type ReactNode } from 'react';
import { commandKeyShortcut, commandShortcut } from '../../../lib/platform';
import { descriptionToEditorHtml, isDescriptionLink, storedDescription } from './description-format';
import './description-editor.css';

interface DescriptionEditorProps {
  /** The field's label element, which names the text box. */
  labelId: string;
  /** The description as stored when the editor opened (plain text or Google Calendar's HTML). */
  initial: string;
  /** Told what to store, as the text is edited (never for the opening content itself). */
  onChange: (stored: string) => void;
  readOnly: boolean;
}

/**
 * The description as Google Calendar's editor has it: bold, italic, underline, bulleted and
 * numbered lists and links, with the same shortcuts (Ctrl/⌘+B, I, U, K). Nothing else can be
 * written in it, so what it stores is what Google Calendar shows (description-format.ts).
 */
export function DescriptionEditor({ labelId, initial, onChange, readOnly }: DescriptionEditorProps) {
  const [linking, setLinking] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        codeBlock: false,
        code: false,
        strike: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          linkOnPaste: true,
          defaultProtocol: 'https',
          HTMLAttributes: { target: null, rel: null },
          isAllowedUri: (url) => isDescriptionLink(url),
        },
      }),
    ],
    content: descriptionToEditorHtml(initial),
    editable: !readOnly,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'input description-editor__text',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(readOnly ? { 'aria-readonly': 'true' } : {}),
        'data-testid': 'editor-description',
      },
      handleKeyDown: (_view, event) => {
        // Ctrl/⌘+K: a link over the selected words, as in Google Calendar.
        if (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey) {
          event.preventDefault();
          event.stopPropagation();
          setLinking(true);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: changed }) => onChange(storedDescription(changed.getJSON())),
  });

  return (
    <div className="description-editor">
      {readOnly ? null : <FormatBar editor={editor} onLink={() => setLinking((open) => !open)} linking={linking} />}
      {linking ? <LinkForm editor={editor} onDone={() => setLinking(false)} /> : null}
      <EditorContent editor={editor} />
    </div>
  );
}

function FormatBar({ editor, onLink, linking }: { editor: Editor; onLink: () => void; linking: boolean }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      underline: current.isActive('underline'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="description-editor__bar" role="toolbar" aria-label="Description formatting">
      <FormatButton label="Bold" shortcut="B" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <b aria-hidden="true">B</b>
      </FormatButton>
      <FormatButton label="Italic" shortcut="I" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i aria-hidden="true">I</i>
      </FormatButton>
      <FormatButton
        label="Underline"
        shortcut="U"
        active={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      >
        <u aria-hidden="true">U</u>
      </FormatButton>
      <span className="description-editor__divider" aria-hidden="true" />
      <FormatButton label="Numbered list" active={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <ListIcon numbered />
      </FormatButton>
      <FormatButton label="Bulleted list" active={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <ListIcon />
      </FormatButton>
      <span className="description-editor__divider" aria-hidden="true" />
      <FormatButton label="Link" shortcut="K" active={state.link || linking} onClick={onLink}>
        <Glyph>
          <path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" />
        </Glyph>
      </FormatButton>
      <FormatButton label="Remove formatting" onClick={() => chain().unsetAllMarks().clearNodes().run()}>
        <Glyph>
          <path d="M6 5h12M12 5l-4 14M4 19l16-14" />
        </Glyph>
      </FormatButton>
    </div>
  );
}

function FormatButton({
  label,
  shortcut,
  active,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const keys = shortcut ? commandShortcut(shortcut) : undefined;
  return (
    <button
      type="button"
      className="description-editor__button"
      aria-label={label}
      {...(active === undefined ? {} : { 'aria-pressed': active })}
      {...(shortcut ? { 'aria-keyshortcuts': commandKeyShortcut(shortcut) } : {})}
      title={keys ? `${label} (${keys})` : label}
      // The text keeps its selection: the button acts on it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** A toolbar button's drawing: 16 px, drawn with the text's colour. */
function Glyph({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

function ListIcon({ numbered = false }: { numbered?: boolean }) {
  return (
    <Glyph>
      <path d="M9 6h11M9 12h11M9 18h11" />
      {numbered ? (
        <path d="M4 4v4M3 20h3l-3-3.5a1.5 1.5 0 1 1 3-1" strokeWidth="1.5" />
      ) : (
        <path d="M4 6h.01M4 12h.01M4 18h.01" strokeWidth="3" strokeLinecap="round" />
      )}
    </Glyph>
  );
}

/** The address of a link over the selected words (or of the link the cursor is in). */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const current = String(editor.getAttributes('link').href ?? '');
  const [address, setAddress] = useState(current);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const apply = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    const trimmed = address.trim();
    const href = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
    if (!trimmed || !isDescriptionLink(href)) {
      setProblem('Enter a web address (https://…) or an email link (mailto:…).');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // Without words selected, the address is its own words.
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: trimmed, marks: [{ type: 'link', attrs: { href } }] }).run();
    else chain.setLink({ href }).run();
    onDone();
  };
  return (
    // Not a <form>: the editor's own form would be submitted with it.
    <div
      className="description-editor__link"
      role="group"
      aria-label="Link"
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply(event);
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          editor.commands.focus();
          onDone();
        }
      }}
    >
      <label className="visually-hidden" htmlFor={id}>
        Link address
      </label>
      <input
        id={id}
        className="input"
        type="url"
        placeholder="Paste or type a link"
        value={address}
        // The field opens for typing the address, as Google's does.
        autoFocus
        onChange={(event) => {
          setAddress(event.target.value);
          setProblem(null);
        }}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        data-testid="editor-description-link"
      />
      <button type="button" className="button button--primary" onClick={apply}>
        Apply
      </button>
      {current ? (
        <button
          type="button"
          className="button"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
        >
          Remove link
        </button>
      ) : null}
      {problem ? (
        <span id={`${id}-problem`} className="field__error" role="alert">
          {problem}
        </span>
      ) : null}
    </div>
  );
}
