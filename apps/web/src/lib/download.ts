/**
 * Starts a browser download of a same-origin URL (answered with Content-Disposition: attachment) without
 * leaving the page. Tests replace `start`; jsdom cannot follow links.
 */
export const downloader = {
  start(url: string): void {
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = '';
    anchor.rel = 'noopener';
    anchor.hidden = true;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  },
};
