import { toast } from "sonner";

/** The back office has its own Toaster, so its messages never show twice if the site adds one. */
export const ADMIN_TOASTER = "admin";

export const adminToast = {
  success: (message: string) => toast.success(message, { toasterId: ADMIN_TOASTER }),
  error: (message: string) => toast.error(message, { toasterId: ADMIN_TOASTER }),
};
