/**
 * The widget's own styles, inside its Shadow DOM so the owner's page neither changes them nor is changed by them.
 * Light by default, dark with the visitor's `prefers-color-scheme` or the snippet's `data-theme="dark"` (which
 * `data-theme="light"` overrides the other way). Colours meet WCAG AA on their background in both themes.
 */
export const widgetCss = (heightPx: number, maxWidthPx: number) => `
:host{all:initial;display:block;box-sizing:border-box;width:100%;max-width:${maxWidthPx}px;height:${heightPx}px;
--bg:#ffffff;--fg:#111827;--muted:#4b5563;--line:#d1d5db;--star:#b45309;--off:#6b7280;--link:#1d4ed8;--skel:#e5e7eb;
color-scheme:light}
:host([data-theme=dark]){--bg:#111827;--fg:#f9fafb;--muted:#d1d5db;--line:#374151;--star:#fbbf24;--off:#9ca3af;--link:#93c5fd;--skel:#1f2937;color-scheme:dark}
@media (prefers-color-scheme:dark){:host(:not([data-theme=light])){--bg:#111827;--fg:#f9fafb;--muted:#d1d5db;--line:#374151;--star:#fbbf24;--off:#9ca3af;--link:#93c5fd;--skel:#1f2937;color-scheme:dark}}
*{box-sizing:border-box}
.w{display:flex;flex-direction:column;height:100%;overflow:hidden;padding:16px;border:1px solid var(--line);border-radius:12px;
background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
h2{margin:0 0 6px;font-size:18px;line-height:1.3;font-weight:650;overflow-wrap:anywhere}
h3{margin:12px 0 6px;font-size:14px;font-weight:600;color:var(--muted)}
.summary{display:flex;flex-wrap:wrap;align-items:center;gap:4px 10px}
.avg{font-size:28px;font-weight:700;line-height:1}
.stars{position:relative;display:inline-block;color:var(--off);letter-spacing:2px;line-height:1;white-space:nowrap}
.stars .on{position:absolute;inset:0 auto 0 0;overflow:hidden;color:var(--star)}
.summary .stars{font-size:20px}
.count,.empty,.status{margin:0;color:var(--muted);font-size:14px}
.list{flex:1;min-height:0;margin:0;padding:0 4px 0 0;list-style:none;overflow-y:auto;border-top:1px solid var(--line)}
.list:focus-visible,a:focus-visible{outline:2px solid var(--link);outline-offset:2px}
li{padding:10px 0;border-bottom:1px solid var(--line)}
li .stars{font-size:14px}
.text{margin:4px 0;white-space:pre-line;overflow-wrap:anywhere}
.meta{margin:0;color:var(--muted);font-size:13px}
.name{font-weight:600;color:var(--fg)}
.empty{flex:1}
footer{padding-top:10px;font-size:13px}
.hidden{margin:0 0 4px;color:var(--muted)}
a{color:var(--link);text-decoration:underline}
.bar{height:14px;margin-top:12px;border-radius:6px;background:var(--skel)}
.bar.short{width:60%}
`;
