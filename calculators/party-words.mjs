// Свод — the words of the party, the players' view, the «для стола» mode, keeping things on the
// device, and the question an import asks when the device has it already; both languages. A text
// that names a scene or a character is html.mjs's HTML, so that the name comes isolated (a <bdi>).

import { html } from "./html.mjs";

export const WORDS = {
  ru: {
    sameScene: (n, when) => html`На этом устройстве уже есть сцена «${n}» (изменена ${when}). Что сделать с новой?`,
    sameMember: (n) => html`В партии уже есть «${n}». Что сделать?`,
    replace: "Заменить",
    keepBoth: "Оставить обе",
    keepBothMember: "Оставить обоих",
    cancel: "Отмена",
    replaced: (n) => html`Сцена «${n}» заменена; прежняя — в удалённых (её можно вернуть неделю).`,
    cancelled: "Ничего не импортировано.",
  },
  en: {
    sameScene: (n, when) => html`This device has a scene “${n}” already (changed ${when}). What to do with the new one?`,
    sameMember: (n) => html`The party has “${n}” already. What to do?`,
    replace: "Replace",
    keepBoth: "Keep both",
    keepBothMember: "Keep both",
    cancel: "Cancel",
    replaced: (n) => html`The scene “${n}” was replaced; the earlier one is among the deleted (it can be restored for a week).`,
    cancelled: "Nothing was imported.",
  },
};
