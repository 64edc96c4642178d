// One login dialog for the whole page: anything (an error handler, a button) may ask for it.
type Listener = (request: LoginRequest) => void;
export interface LoginRequest {
  /** Where to go after a successful login; default: stay and reload data. */
  redirectTo?: string;
  /** The course the learner is asked to authorise for (a course only 乐采云 limits the platforms). */
  courseId?: number;
}

const listeners = new Set<Listener>();
let loginPage: string | undefined;

/**
 * The layout config's login URL: when an operator sets one, logging in happens there instead of the dialog.
 * A path of this site counts too (the internal-network variant's single sign-on start).
 */
export function configureLoginPage(url: string | undefined) {
  loginPage = url && (/^https?:\/\//i.test(url) || /^\/(?![/\\])/.test(url)) ? url : undefined;
}

export function openLoginDialog(request: LoginRequest = {}) {
  if (loginPage) {
    const target = new URL(loginPage, window.location.href);
    const back = new URL(request.redirectTo ?? window.location.href, window.location.href);
    // This site's own login start takes a path; another site gets the full address.
    target.searchParams.set("redirect", back.origin === target.origin ? back.pathname + back.search + back.hash : back.href);
    window.location.assign(target.href);
    return;
  }
  for (const l of listeners) l(request);
}

export function onLoginDialogRequest(listener: Listener) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
