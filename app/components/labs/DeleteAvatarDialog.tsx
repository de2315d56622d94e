import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Avatar } from "#contracts/labs";
import { SubmitButton } from "~/components/forms";
import { Modal } from "~/components/shell/Modal";
import { avatarPath } from "~/lib/labs";

/* Moved out of the avatar talk's route module: loaded when first shown (./on-use, decision 0050). */

/** Asks before one's own avatar is deleted (spec: the labs' VRM upload; the api: DELETE /labs/avatars/:id). */
export function DeleteAvatarDialog({ avatar }: { avatar: Avatar }) {
  const { t } = useTranslation(["labs", "common"]);
  return (
    <Modal name="delete-avatar" title={t("avatar.remove.title")} closeTo={avatarPath({})} describedBy="delete-avatar-text">
      <p id="delete-avatar-text" className="text-sm text-slate-700">
        {t("avatar.remove.text", { name: avatar.name })}
      </p>
      <Form method="post" action={avatarPath({})} className="mt-5 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="delete-avatar" />
        <input type="hidden" name="avatar_id" value={avatar.id} />
        <Link to={avatarPath({})} replace className="rounded-lg px-4 py-2.5 text-sm font-semibold ring-1 ring-slate-300">
          {t("avatar.remove.cancel")}
        </Link>
        <SubmitButton variant="danger" className="sm:w-auto">
          {t("avatar.remove.confirm")}
        </SubmitButton>
      </Form>
    </Modal>
  );
}
