import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { SeriesScope } from './series-plan';
import type { ScopeAction } from './useEventCommands';
import { returnFocus } from '../../lib/return-focus';

const titles: Record<ScopeAction, string> = {
  move: 'Move recurring event',
  edit: 'Save recurring event',
  delete: 'Delete recurring event',
};

const confirmLabels: Record<ScopeAction, string> = { move: 'Move', edit: 'Save', delete: 'Delete' };

const scopeLabels: Record<SeriesScope, string> = {
  this: 'This event',
  following: 'This and following events',
  all: 'All events',
};

interface Question {
  action: ScopeAction;
  allowThis: boolean;
  resolve: (scope: SeriesScope | null) => void;
}

/** Asks "this event / this and following / all events" as a promise; render `dialog` once. */
export function useScopePrompt() {
  const [question, setQuestion] = useState<Question | null>(null);
  const pending = useRef<Question | null>(null);

  const ask = useCallback(
    (action: ScopeAction, options: { allowThis: boolean }) =>
      new Promise<SeriesScope | null>((resolve) => {
        pending.current?.resolve(null);
        const next = { action, allowThis: options.allowThis, resolve };
        pending.current = next;
        setQuestion(next);
      }),
    [],
  );

  const answer = useCallback((scope: SeriesScope | null) => {
    pending.current?.resolve(scope);
    pending.current = null;
    setQuestion(null);
  }, []);

  const dialog = <RecurrenceScopeDialog question={question} onAnswer={answer} />;
  return { ask, dialog };
}

function RecurrenceScopeDialog({
  question,
  onAnswer,
}: {
  question: Question | null;
  onAnswer: (scope: SeriesScope | null) => void;
}) {
  return (
    <Dialog.Root open={question !== null} onOpenChange={(open) => !open && onAnswer(null)}>
      {/* Only while open: a closed one's parts would cost the first frame an extra render (docs/cold-start.md). */}
      {question ? (
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-overlay dialog-overlay--above" />
          <ScopeForm question={question} onAnswer={onAnswer} />
        </Dialog.Portal>
      ) : null}
    </Dialog.Root>
  );
}

function ScopeForm({ question, onAnswer }: { question: Question; onAnswer: (scope: SeriesScope | null) => void }) {
  const options: SeriesScope[] = question.allowThis ? ['this', 'following', 'all'] : ['following', 'all'];
  const [scope, setScope] = useState<SeriesScope>(options[0] ?? 'this');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer(scope);
  };
  return (
    <Dialog.Content
      {...returnFocus}
      className="dialog dialog--above"
      data-testid="scope-dialog"
      aria-describedby={undefined}
    >
      <Dialog.Title className="dialog__title">{titles[question.action]}</Dialog.Title>
      <form onSubmit={submit} className="scope-form">
        <fieldset className="scope-form__options">
          <legend className="visually-hidden">Apply to</legend>
          {options.map((option, index) => (
            <label key={option} className="scope-form__option">
              <input
                type="radio"
                name="scope"
                value={option}
                checked={scope === option}
                autoFocus={index === 0}
                onChange={() => setScope(option)}
                data-testid={`scope-${option}`}
              />
              {scopeLabels[option]}
            </label>
          ))}
        </fieldset>
        <div className="dialog__actions dialog__actions--form">
          <button type="button" className="button" onClick={() => onAnswer(null)} data-testid="scope-cancel">
            Cancel
          </button>
          <button
            type="submit"
            className={`button ${question.action === 'delete' ? 'button--danger' : 'button--primary'}`}
            data-testid="scope-confirm"
          >
            {confirmLabels[question.action]}
          </button>
        </div>
      </form>
    </Dialog.Content>
  );
}
