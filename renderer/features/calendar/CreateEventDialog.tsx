import { TextPromptDialog } from '../../components/TextPromptDialog';
import { describeSelection, type SelectedRange } from './event-mapping';

interface CreateEventDialogProps {
  range: SelectedRange | null;
  onCreate: (title: string, range: SelectedRange) => void;
  onCancel: () => void;
}

export function CreateEventDialog({ range, onCreate, onCancel }: CreateEventDialogProps) {
  return (
    <TextPromptDialog
      open={range !== null}
      title="New event"
      description={range ? describeSelection(range) : undefined}
      label="Title"
      placeholder="Add a title"
      submitLabel="Create event"
      testId="create-event-dialog"
      onSubmit={(title) => range && onCreate(title, range)}
      onCancel={onCancel}
    />
  );
}
