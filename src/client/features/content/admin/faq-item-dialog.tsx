// Add / edit an FAQ item: Question, rich-text Answer (the short toolbar) and Active, with the French
// question and answer beside the English (optional: French pages show the English when they are empty).
import { useEffect, useId, useState } from 'react';
import { type AdminFaqItem, FaqItemInputSchema } from '~/shared/schemas/content';
import { Button } from '~/client/components/ui/button';
import { toast } from '~/client/components/ui/toast-store';
import { Dialog, DialogCancel } from '~/client/components/ui/dialog';
import { RichTextEditor } from './rich-text-editor';

export type FaqDraft = {
  question: string;
  questionFr: string;
  answer: string;
  answerFr: string;
  active: boolean;
};

export function FaqItemDialog({
  open,
  item,
  saving,
  onOpenChange,
  onSave,
}: {
  open: boolean;
  /** null: a new item. */
  item: AdminFaqItem | null;
  saving: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (draft: FaqDraft) => void;
}) {
  const id = useId();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [questionFr, setQuestionFr] = useState('');
  const [answerFr, setAnswerFr] = useState('');
  const [active, setActive] = useState(true);

  useEffect(() => {
    if (!open) return;
    setQuestion(item?.question ?? '');
    setAnswer(item?.answer ?? '');
    setQuestionFr(item?.questionFr ?? '');
    setAnswerFr(item?.answerFr ?? '');
    setActive(item?.active ?? true);
  }, [open, item]);

  const dirty =
    question !== (item?.question ?? '') ||
    answer !== (item?.answer ?? '') ||
    questionFr !== (item?.questionFr ?? '') ||
    answerFr !== (item?.answerFr ?? '') ||
    active !== (item?.active ?? true);

  function save() {
    const parsed = FaqItemInputSchema.safeParse({ question, answer, questionFr, answerFr, active });
    if (!parsed.success) {
      // Question first, then answer: the schema's field order.
      toast({
        title: 'Validation Error',
        description: parsed.error.issues[0]?.message,
        variant: 'destructive',
      });
      return;
    }
    onSave({
      question: parsed.data.question,
      answer,
      questionFr: parsed.data.questionFr,
      answerFr,
      active,
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={item ? 'Edit FAQ Item' : 'Add FAQ Item'}
      size="lg"
      dirty={dirty}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        noValidate
        className="grid gap-4"
        aria-label="FAQ item"
      >
        <div className="grid gap-4 md:grid-cols-2">
          <div className="grid content-start gap-4">
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-question`} className="text-sm font-medium">
                Question
              </label>
              <input
                id={`${id}-question`}
                value={question}
                onChange={(e) => setQuestion(e.target.value)}
                className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
              />
            </div>
            <div className="grid gap-1.5">
              <span className="text-sm font-medium">Answer</span>
              <RichTextEditor
                value={answer}
                onChange={setAnswer}
                label="Answer"
                variant="faq"
                minHeight={150}
              />
            </div>
          </div>
          <div className="grid content-start gap-4">
            <div className="grid gap-1.5">
              <label htmlFor={`${id}-question-fr`} className="text-sm font-medium">
                Question (French)
              </label>
              <input
                id={`${id}-question-fr`}
                lang="fr-CA"
                value={questionFr}
                onChange={(e) => setQuestionFr(e.target.value)}
                className="h-10 w-full rounded-md border border-slate-300 px-3 text-sm"
              />
            </div>
            <div className="grid gap-1.5">
              <span className="text-sm font-medium">Answer (French)</span>
              <RichTextEditor
                value={answerFr}
                onChange={setAnswerFr}
                label="Answer (French)"
                variant="faq"
                minHeight={150}
              />
            </div>
          </div>
        </div>
        <p className="text-xs text-slate-500">
          The French question and answer are optional: French pages show the English when they are empty.
        </p>
        <div className="flex items-center gap-2">
          <input
            id={`${id}-active`}
            type="checkbox"
            checked={active}
            onChange={(e) => setActive(e.target.checked)}
            className="h-4 w-4 rounded border-slate-300"
          />
          <label htmlFor={`${id}-active`} className="text-sm font-medium">
            Active
          </label>
        </div>
        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <DialogCancel />
          <Button type="submit" pending={saving} pendingLabel="Saving...">
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
