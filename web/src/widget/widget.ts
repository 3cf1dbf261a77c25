/**
 * The reviews widget on the owner's own website (decisions 27): a classic script, no React, no i18next, built
 * on its own to `/widget.js` (vite.config.ts, `widgetBuild`), so the owner's page loads a few KB. It renders into a
 * Shadow DOM of the snippet's container with its own styles, keeps the container's reserved height whatever it
 * shows (the comments scroll inside), sets no cookie and requests nothing but our widget read.
 */
import type { SurveyWidget } from '@reviewroute/shared';
import {
  formatDateTime,
  intlLocales,
  invitationLabelOf,
  websiteHideReasons,
  widgetFramePath,
  widgetHeightPx,
  widgetMaxWidthPx,
  widgetTexts,
  widgetThemes,
  type Language,
  type WidgetTexts,
} from '@reviewroute/shared/domain';
import { pathOf } from '@reviewroute/shared/routes';
import { widgetCss } from './widget-css';

type Child = Node | string | null | false;

/** A DOM element with attributes and children; text is always a text node (a comment is never parsed as HTML). */
function h(tag: string, attributes: Record<string, string> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  for (const child of children) if (child) element.append(child);
  return element;
}

/** Five stars, filled to `value` of 5, with their text equivalent as the accessible name. */
function stars(value: number, label: string): HTMLElement {
  const filled = h('span', { class: 'on' }, '★★★★★');
  // The CSSOM, not a style attribute: the owner's Content-Security-Policy may refuse inline styles.
  filled.style.width = `${(Math.max(0, Math.min(5, value)) / 5) * 100}%`;
  return h(
    'span',
    { class: 'stars', role: 'img', 'aria-label': label },
    h('span', { 'aria-hidden': 'true' }, '★★★★★'),
    filled,
  );
}

/** The skeleton before the data: the same frame and size as the widget, so filling it moves nothing. */
function skeleton(t: WidgetTexts): HTMLElement {
  return h(
    'section',
    { class: 'w', 'aria-busy': 'true' },
    h('p', { class: 'status' }, t.loading),
    h('div', { class: 'bar' }),
    h('div', { class: 'bar short' }),
  );
}

function hiddenLine(t: WidgetTexts, widget: SurveyWidget): HTMLElement | null {
  const total = websiteHideReasons.reduce((sum, reason) => sum + widget.hidden[reason], 0);
  if (total === 0) return null;
  const reasons = websiteHideReasons
    .filter((reason) => widget.hidden[reason] > 0)
    .map((reason) => `${t.hideReasons[reason]} (${widget.hidden[reason]})`)
    .join(', ');
  return h('p', { class: 'hidden' }, `${t.hidden(total)} ${reasons}`);
}

function render(widget: SurveyWidget, origin: string): HTMLElement {
  const language = widget.language;
  const t = widgetTexts[language];
  const number = new Intl.NumberFormat(intlLocales[language], { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const average = widget.average === null ? null : number.format(widget.average);
  const summary =
    average === null
      ? h('p', { class: 'count' }, t.noRatings)
      : h(
          'div',
          { class: 'summary' },
          h('span', { class: 'avg', 'aria-hidden': 'true' }, average),
          stars(widget.average ?? 0, t.averageOutOf(average)),
          h('span', { class: 'count' }, t.allRatings(widget.count)),
        );
  const list =
    widget.comments.length === 0
      ? h('p', { class: 'empty' }, t.noComments)
      : h(
          'ul',
          { class: 'list', tabindex: '0', 'aria-labelledby': 'rr-comments' },
          ...widget.comments.map((c) =>
            h(
              'li',
              {},
              stars(c.rating, t.ratedOutOf(c.rating)),
              h('p', { class: 'text' }, c.comment),
              h(
                'p',
                { class: 'meta' },
                h('span', { class: 'name' }, c.shownAs),
                ' · ',
                h('time', { datetime: c.createdAt }, formatDateTime(c.createdAt, language, 'date')),
                ' · ',
                t.invitation[invitationLabelOf(c.invitation)],
              ),
            ),
          ),
        );
  return h(
    'section',
    { class: 'w', 'aria-labelledby': 'rr-title', lang: language },
    h('h2', { id: 'rr-title' }, t.title(widget.businessName)),
    summary,
    h('h3', { id: 'rr-comments' }, t.commentsHeading),
    list,
    h(
      'footer',
      {},
      hiddenLine(t, widget),
      h(
        'a',
        { href: new URL(widget.disclosurePath, origin).href, target: '_blank', rel: 'noopener' },
        t.disclosureLink,
      ),
    ),
  );
}

/** The widget's shadow root on its container, styled from a constructed sheet (no inline style for a CSP to refuse). */
function shadowOf(host: HTMLElement): ShadowRoot {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const css = widgetCss(widgetHeightPx, widgetMaxWidthPx);
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [sheet];
  } else root.append(h('style', {}, css));
  return root;
}

const languageOfPage = (): Language => (document.documentElement.lang.toLowerCase().startsWith('nl') ? 'nl' : 'en');

async function mount(host: HTMLElement, surveyCode: string, origin: string, theme: string | null, framed: boolean) {
  if (theme && (widgetThemes as readonly string[]).includes(theme)) host.dataset.theme = theme;
  const root = shadowOf(host);
  const fallback = widgetTexts[languageOfPage()];
  root.replaceChildren(skeleton(fallback));
  try {
    const answer = await fetch(new URL(pathOf('get-survey-widget', { surveyCode }), origin), {
      credentials: 'omit',
      headers: { accept: 'application/json' },
    });
    if (!answer.ok) throw new Error(`Widget read: ${answer.status}`);
    const widget = (await answer.json()) as SurveyWidget;
    root.replaceChildren(render(widget, origin));
    if (framed) {
      document.documentElement.lang = widget.language;
      document.title = widgetTexts[widget.language].title(widget.businessName);
    }
  } catch {
    root.replaceChildren(h('section', { class: 'w' }, h('p', { class: 'status' }, fallback.unavailable)));
  }
}

/**
 * Where the widget goes: the snippet's script names the survey (`data-survey`) and follows its container
 * (`data-reviewroute-widget`, which reserves the height; without one, a container is made before the script);
 * on our iframe page the survey is the page's `?survey=`.
 */
function start() {
  const script = document.currentScript as HTMLScriptElement | null;
  if (!script?.src) return;
  const origin = new URL(script.src).origin;
  const framed = location.origin === origin && location.pathname === widgetFramePath;
  const query = new URLSearchParams(location.search);
  const surveyCode = script.dataset.survey ?? (framed ? query.get('survey') : null);
  if (!surveyCode) return;
  const previous = script.previousElementSibling;
  let host = framed
    ? document.querySelector<HTMLElement>('[data-reviewroute-widget]')
    : previous instanceof HTMLElement && previous.hasAttribute('data-reviewroute-widget')
      ? previous
      : null;
  if (!host) {
    host = h('div', { 'data-reviewroute-widget': '' });
    script.before(host);
  }
  const theme = script.dataset.theme ?? host.dataset.theme ?? (framed ? query.get('theme') : null);
  void mount(host, surveyCode, origin, theme ?? null, framed);
}

start();
