import { useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import { toast } from "sonner";
import { handleApiError } from "~/lib/api-errors";
import { trpc } from "~/lib/trpc";
import { useRefresh } from "~/lib/use-refresh";

/**
 * Registering for and starting an exam, as the detail page, the waiting hall and the result page offer
 * them. A refusal is shown and the page reloads, so what it offers next follows the server's check.
 */
export function useExamActions() {
  const navigate = useNavigate();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const lastClick = useRef(0);

  async function register(examId: number) {
    setBusy(true);
    try {
      await trpc.exam.register.mutate({ examId });
      toast.success("报名成功");
      refresh();
    } catch (e) {
      handleApiError(e);
    } finally {
      setBusy(false);
    }
  }

  /** Starts or resumes the sitting and opens the paper; a double click within a second starts once. */
  async function start(examId: number) {
    const now = Date.now();
    if (now - lastClick.current < 1000) return;
    lastClick.current = now;
    setBusy(true);
    try {
      const r = await trpc.exam.start.mutate({ examId });
      navigate(`/exam/test?paperId=${r.paperId}`);
    } catch (e) {
      handleApiError(e);
      refresh();
    } finally {
      setBusy(false);
    }
  }

  return { busy, register, start };
}
