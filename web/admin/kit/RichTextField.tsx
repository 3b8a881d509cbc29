import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './RichTextField.css';

export interface RichTextFieldProps {
  /** The id the field's label points at: the HTML source textarea's, or the visual editor's. */
  id: string;
  /** The label's id, which names the visual editor (a contenteditable is not labelable by `for`). */
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
  disabled: boolean | undefined;
  value: string;
  onChange: (html: string) => void;
}

/**
 * The portal's HTML field (ADR 0025): TipTap's visual editor with a small toolbar, and an "HTML source" view for
 * the markup itself. Loaded on its own (field-controls.tsx imports it lazily), so only the screens with an HTML field fetch it.
 *
 * The visual editor keeps only what its schema knows (paragraphs, headings, lists, links, images…): a widget's
 * `<div class>` or a table would be lost there. So the value changes only when someone edits in the visual view,
 * and markup the visual view cannot keep opens in the source view, with a note saying why.
 */
export default function RichTextField({ id, labelId, describedBy, invalid, disabled, value, onChange }: RichTextFieldProps) {
  // What the editor itself last reported, so a new `value` from outside (a save) is told apart from our own echo.
  const emitted = useRef(value);
  const noteId = useId();
  const showingSource = useRef(false);
  // Set by someone's focus in the visual view or use of its toolbar: only then are its updates an edit.
  const touched = useRef(false);

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        // The storefront decides how links open; the editor adds no target or rel of its own.
        link: { openOnClick: false, autolink: true, HTMLAttributes: { target: null, rel: null } },
      }),
      Image,
    ],
    content: value,
    editable: !disabled,
    // The content security policy forbids inline <style>: ProseMirror's few base rules are in RichTextField.css.
    injectCSS: false,
    immediatelyRender: true,
    editorProps: { attributes: editorAttributes(id, labelId, describedBy, invalid) },
    onFocus: () => {
      touched.current = true;
    },
    onUpdate: ({ editor: current }) => {
      // Only someone's edit in the visual view changes the value. The editor also updates itself (a trailing
      // paragraph after it loads, markup its schema drops), and taking that would rewrite markup nobody touched.
      if (showingSource.current || !touched.current) return;
      const html = current.isEmpty ? '' : current.getHTML();
      if (normalise(html) === normalise(emitted.current)) return; // the same markup, written another way
      emitted.current = html;
      onChange(html);
    },
  });

  // Markup the visual view would change opens as source (decided once, from what it was loaded with).
  const [lossy, setLossy] = useState(() => visualViewChanges(editor, value));
  const [source, setSource] = useState(lossy);
  useEffect(() => {
    showingSource.current = source;
  }, [source]);

  // A value from outside (the saved, sanitised markup; or the source view's edits) reaches the visual view.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(!disabled);
  }, [editor, disabled]);

  // A 422 arriving after the editor was made: the visual view says it is invalid, and what it is described by.
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: editorAttributes(id, labelId, describedBy, invalid) } });
  }, [editor, id, labelId, describedBy, invalid]);

  const showVisual = () => {
    if (editor) {
      editor.commands.setContent(value, { emitUpdate: false });
      emitted.current = value;
      setLossy(visualViewChanges(editor, value));
    }
    setSource(false);
  };

  return (
    <div className={`rich-text${invalid ? ' rich-text--invalid' : ''}`} data-rich-text="">
      <Toolbar
        editor={editor}
        source={source}
        disabled={disabled}
        onUse={() => {
          touched.current = true;
        }}
        onToggleSource={() => (source ? showVisual() : setSource(true))}
      />
      {lossy && (
        <p id={noteId} className="rich-text__note" data-rich-text-note="">
          This markup has parts the visual editor cannot keep (such as classes, tables or other elements), so it opens as HTML.
          Editing it in the visual view would drop them.
        </p>
      )}
      {source ? (
        <textarea
          id={id}
          className="input field__input field__textarea field__textarea--code rich-text__source"
          rows={16}
          value={value}
          spellCheck={false}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={[describedBy, lossy ? noteId : null].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            emitted.current = event.currentTarget.value;
            onChange(event.currentTarget.value);
          }}
          data-rich-text-source=""
        />
      ) : null}
      {/* Kept mounted while the source shows, so its undo history survives a look at the source. */}
      <EditorContent editor={editor} className="rich-text__editor" hidden={source} data-rich-text-visual="" />
    </div>
  );
}

interface ToolbarProps {
  editor: Editor | null;
  /** Someone used a button: what follows is their edit. */
  onUse: () => void;
  source: boolean;
  disabled: boolean | undefined;
  onToggleSource: () => void;
}

function Toolbar({ editor, source, disabled, onUse, onToggleSource }: ToolbarProps) {
  const [linking, setLinking] = useState(false);
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      current
        ? {
            bold: current.isActive('bold'),
            italic: current.isActive('italic'),
            h2: current.isActive('heading', { level: 2 }),
            h3: current.isActive('heading', { level: 3 }),
            bullets: current.isActive('bulletList'),
            numbers: current.isActive('orderedList'),
            link: current.isActive('link'),
            href: (current.getAttributes('link').href as string | undefined) ?? '',
            canUndo: current.can().undo(),
            canRedo: current.can().redo(),
          }
        : null,
  });
  const off = disabled === true || source || !editor || !state;
  // In the source view the buttons are off, and none shows as pressed.
  const active = off ? null : state;
  const chain = () => {
    onUse();
    return editor!.chain().focus();
  };

  return (
    <div className="rich-text__toolbar-wrap">
      <div className="rich-text__toolbar" role="group" aria-label="Formatting">
        <ToolButton label="Bold" pressed={active?.bold === true} disabled={off} onClick={() => chain().toggleBold().run()}>
          <b>B</b>
        </ToolButton>
        <ToolButton label="Italic" pressed={active?.italic === true} disabled={off} onClick={() => chain().toggleItalic().run()}>
          <i>I</i>
        </ToolButton>
        <ToolButton label="H2 heading" pressed={active?.h2 === true} disabled={off} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          H2
        </ToolButton>
        <ToolButton label="H3 subheading" pressed={active?.h3 === true} disabled={off} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          H3
        </ToolButton>
        <ToolButton label="• List, bulleted" pressed={active?.bullets === true} disabled={off} onClick={() => chain().toggleBulletList().run()}>
          • List
        </ToolButton>
        <ToolButton label="1. List, numbered" pressed={active?.numbers === true} disabled={off} onClick={() => chain().toggleOrderedList().run()}>
          1. List
        </ToolButton>
        <ToolButton label="Link" pressed={active !== null && (active.link || linking)} disabled={off} onClick={() => setLinking((open) => !open)}>
          Link
        </ToolButton>
        <ToolButton label="Undo" disabled={off || !state?.canUndo} onClick={() => chain().undo().run()}>
          ↶<span className="visually-hidden"> Undo</span>
        </ToolButton>
        <ToolButton label="Redo" disabled={off || !state?.canRedo} onClick={() => chain().redo().run()}>
          ↷<span className="visually-hidden"> Redo</span>
        </ToolButton>
        <span className="rich-text__spacer" />
        <button
          type="button"
          className="rich-text__tool rich-text__tool--source"
          aria-pressed={source}
          disabled={disabled === true || !editor}
          onClick={() => {
            setLinking(false);
            onToggleSource();
          }}
          data-rich-text-toggle=""
        >
          HTML source
        </button>
      </div>
      {linking && !off && (
        <LinkForm
          initial={state.href}
          onApply={(href) => {
            const range = chain().extendMarkRange('link');
            (href ? range.setLink({ href }) : range.unsetLink()).run();
            setLinking(false);
          }}
          onCancel={() => {
            setLinking(false);
            editor!.commands.focus();
          }}
        />
      )}
    </div>
  );
}

function ToolButton({ label, pressed, disabled, onClick, children }: { label: string; pressed?: boolean | undefined; disabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="rich-text__tool"
      title={label}
      // Each label starts with the button's visible text (WCAG 2.5.3, label in name): a voice user says "click H2".
      aria-label={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      disabled={disabled}
      // Keeps the editor's selection: the button acts on what is selected, not on a lost focus.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The link's address, in the page rather than a `prompt()`: labelled, keyboard-friendly, Escape to cancel. */
function LinkForm({ initial, onApply, onCancel }: { initial: string; onApply: (href: string) => void; onCancel: () => void }) {
  const id = useId();
  const [href, setHref] = useState(initial);
  // Not a <form>: it sits inside the editor's form, and forms do not nest.
  return (
    <div className="rich-text__link" data-rich-text-link="">
      <label htmlFor={id}>Link address</label>
      <input
        id={id}
        className="input"
        type="url"
        value={href}
        placeholder="https://… or /contact"
        autoFocus
        onChange={(event) => setHref(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            onApply(href.trim());
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <button type="button" className="button button--secondary" onClick={() => onApply(href.trim())}>
        {href.trim() === '' && initial ? 'Remove link' : 'Apply'}
      </button>
      <button type="button" className="button button--ghost" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

/** The visual view's element: a multi-line textbox named by the field's label (a contenteditable is not labelable by `for`). */
function editorAttributes(id: string, labelId: string, describedBy: string | undefined, invalid: boolean): Record<string, string> {
  return {
    id: `${id}-visual`,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    class: 'rich-text__content',
  };
}

/** The browser's own serialisation, with the whitespace between tags that HTML ignores removed. */
function normalise(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML
    .replace(/>\s+</g, '><')
    .replace(/<li><p>/g, '<li>') // the editor wraps a list item's text in a paragraph; the markup means the same
    .replace(/<\/p><\/li>/g, '</li>')
    .replace(/<p><\/p>/g, '')
    .trim();
}

/** True when the visual view, loaded with `html`, holds something else (what its schema does not have is gone). */
function visualViewChanges(editor: Editor | null, html: string): boolean {
  if (!editor || html.trim() === '') return false;
  return normalise(editor.getHTML()) !== normalise(html);
}
