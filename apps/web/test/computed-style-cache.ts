/**
 * jsdom's getComputedStyle runs the whole cascade on every call: with Ant Design's injected
 * styles that is tens of milliseconds, and Testing Library calls it on an element and each of its
 * ancestors for every role query and every click (visibility, pointer-events). This keeps each
 * element's answer until anything it could depend on changes:
 * - any DOM mutation (nodes, attributes such as class and style, text), read synchronously from a
 *   MutationObserver's pending records, so nothing stale survives even within one tick;
 * - the number of CSS rules (an inserted rule that no mutation shows);
 * - the focused element, and any input, click or key event (`:focus`, `:checked` and the like
 *   change with no mutation).
 * It answers what jsdom would have answered; it only skips recomputing it.
 */
const cached = new WeakSet<Window>();

export function cacheComputedStyles(view: Window & typeof globalThis): void {
  // Files that share a worker (no isolation) may share the window too: wrap it once.
  if (cached.has(view)) return;
  cached.add(view);
  const compute = view.getComputedStyle.bind(view);
  let answers = new WeakMap<Element, CSSStyleDeclaration>();
  let ruleCount = -1;
  let focused: Element | null = null;
  const forget = () => {
    answers = new WeakMap();
  };
  const mutations = new view.MutationObserver(forget);
  mutations.observe(view.document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
  for (const type of ['input', 'change', 'click', 'pointerdown', 'keydown', 'focusin', 'focusout'])
    view.addEventListener(type, forget, { capture: true });

  const countRules = () => {
    let count = 0;
    for (const sheet of Array.from(view.document.styleSheets)) count += sheet.cssRules.length;
    return count;
  };

  // The pseudo-element argument is dropped: Ant Design asks for a scrollbar's, which jsdom does
  // not implement.
  view.getComputedStyle = (element: Element) => {
    const rules = countRules();
    if (
      mutations.takeRecords().length > 0 ||
      rules !== ruleCount ||
      view.document.activeElement !== focused
    ) {
      forget();
      ruleCount = rules;
      focused = view.document.activeElement;
    }
    let answer = answers.get(element);
    if (!answer) {
      answer = compute(element);
      answers.set(element, answer);
    }
    return answer;
  };
}
