import { useId, useState, type FormEvent } from 'react';
import type { EditorTextEntry } from '@croft/contracts';
import { Button, Dialog, useToast } from '@croft/ui';
import { TextField } from '@croft/ui/forms';
import { useSchedulePublish } from '../editing/api/schedule-publish';
import { formatScheduleTime, londonInputToUtc, toLondonInput } from './london-time';
import { CHANGED_SINCE_REVIEW, errorCode, INVALID_TIME_MESSAGE, problemText } from './problems';
import { textLabel } from './text-labels';

const REASONS = {
  empty: 'Enter the date and time it should go live.',
  invalid: 'Enter a date and time like 25/12/2026, 09:30.',
  skipped: 'That time does not exist in the UK: the clocks go forward an hour then. Pick another time.',
} as const;

/** Tomorrow at 09:00 in London, the starting suggestion. */
function suggestion(now: Date): string {
  const tomorrow = toLondonInput(new Date(now.getTime() + 24 * 3_600_000));
  return `${tomorrow.slice(0, 10)}T09:00`;
}

export interface ScheduleDialogProps {
  entry: EditorTextEntry & { draft: NonNullable<EditorTextEntry['draft']> };
  onClose: () => void;
  /** Clock for the suggestion and the "in the past" check (tests). */
  now?: () => Date;
}

/**
 * Schedule one draft: a date and time in UK time (Europe/London, as the venue runs), sent to the
 * service as UTC. A time in the past, one the clocks skip, or the service's invalid_time is said
 * in words beside the field; nothing is scheduled until the service accepts it.
 */
export function ScheduleDialog({ entry, onClose, now = () => new Date() }: ScheduleDialogProps) {
  const { toast } = useToast();
  const schedule = useSchedulePublish();
  const [value, setValue] = useState(() => (entry.scheduled ? toLondonInput(new Date(entry.scheduled.publish_at)) : suggestion(now())));
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (schedule.isPending) return;
    const parsed = londonInputToUtc(value);
    if (!parsed.ok) return setProblem(REASONS[parsed.reason]);
    if (Date.parse(parsed.iso) <= now().getTime()) return setProblem(INVALID_TIME_MESSAGE);
    setProblem(null);
    try {
      const { draft, page, section, content_key } = entry;
      const made = await schedule.mutateAsync({ page, section, content_key, revision: draft.revision, publish_at: parsed.iso });
      toast({ title: 'Publish scheduled', description: `${textLabel(entry)} goes live ${formatScheduleTime(made.publish_at)}.` });
      onClose();
    } catch (failure) {
      const code = errorCode(failure);
      setProblem(
        code === 'edit_conflict' || code === 'draft_not_found'
          ? `This draft ${CHANGED_SINCE_REVIEW}, so it was not scheduled. Close this and review it again.`
          : problemText(failure),
      );
    }
  };

  return (
    <Dialog
      open
      onClose={() => !schedule.isPending && onClose()}
      title="Schedule publish"
      description={`${textLabel(entry)}, draft revision ${entry.draft.revision}`}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={schedule.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={schedule.isPending} loadingLabel="Scheduling">
            Schedule
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label="Go live at (UK time)"
          type="datetime-local"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setProblem(null);
          }}
          hint="The venue's time, Europe/London (GMT in winter, BST in summer)."
          error={problem ?? undefined}
          required
        />
      </form>
    </Dialog>
  );
}
