import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "~/components/ui/dialog";

export interface RoomQuestionnaire {
  title: string;
  url: string;
  pushedAt: number;
}

/** The questionnaire the host pushed: a card beside the stream, and a dialog when it arrives. */
export function QuestionnaireCard({ questionnaire, popup, onPopupChange }: { questionnaire: RoomQuestionnaire | null; popup: boolean; onPopupChange: (open: boolean) => void }) {
  if (!questionnaire) return null;
  const open = () => {
    window.open(questionnaire.url, "_blank", "noopener");
    onPopupChange(false);
  };
  return (
    <>
      <section className="flex items-center gap-3 rounded-lg bg-white p-4" data-testid="live-questionnaire">
        <span className="rounded bg-primary-50 px-2 py-0.5 text-xs text-primary">问卷</span>
        <span className="flex-1 truncate text-sm text-[#1d2129]">{questionnaire.title}</span>
        <Button size="sm" onClick={open}>
          去填写
        </Button>
      </section>
      <Dialog open={popup} onOpenChange={onPopupChange}>
        <DialogContent className="max-w-sm text-center">
          <DialogTitle>主播邀请您填写问卷</DialogTitle>
          <p className="text-sm text-[#4e5969]">{questionnaire.title}</p>
          <div className="mt-4 flex justify-center gap-3">
            <Button variant="outline" onClick={() => onPopupChange(false)}>
              稍后填写
            </Button>
            <Button onClick={open}>去填写</Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
