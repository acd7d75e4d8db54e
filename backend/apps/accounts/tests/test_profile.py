import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from apps.accounts.serializers import (
    AVATAR_NOT_IMAGE,
    AVATAR_STORED_SIDE,
    AVATAR_TOO_LARGE,
    AVATAR_TOO_MANY_PIXELS,
    AVATAR_WRONG_TYPE,
    EMAIL_READ_ONLY,
)
from apps.core.parsers import FORM_EMPTY
from apps.core.text import BAD_NAME_CHARACTERS

pytestmark = pytest.mark.django_db

URL = "/api/accounts/me/"


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


def image_bytes(fmt="PNG", size=(8, 8)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(buffer, format=fmt)
    return buffer.getvalue()


def upload(client, name, content, content_type="image/png", **fields):
    return client.patch(
        URL,
        {"avatar": SimpleUploadedFile(name, content, content_type=content_type), **fields},
        format="multipart",
    )


def test_only_sent_fields_change(auth_client):
    before = auth_client.get(URL).json()
    response = auth_client.patch(URL, {"city": "Porto", "timezone": "Europe/Lisbon"}, format="multipart")
    assert response.status_code == 200
    body = response.json()
    assert (body["city"], body["timezone"]) == ("Porto", "Europe/Lisbon")
    assert body["full_name"] == before["full_name"] and body["display_name"] == before["display_name"]


def test_a_multipart_body_that_is_no_form_is_refused_and_changes_nothing(auth_client):
    before = auth_client.get(URL).json()
    boundary = "b0undary"
    response = auth_client.generic(
        "PATCH",
        URL,
        f"--{boundary}\r\n[]--{boundary}--\r\n",
        content_type=f"multipart/form-data; boundary={boundary}",
    )
    assert response.status_code == 400 and response.json() == {"detail": FORM_EMPTY}
    assert auth_client.get(URL).json() == before
    # A form that holds a field still works, and a JSON change of nothing stays a change of nothing.
    assert auth_client.patch(URL, {"city": "Porto"}, format="multipart").status_code == 200
    assert auth_client.patch(URL, {}, format="json").status_code == 200


def test_required_fields_sent_blank_have_plain_messages(auth_client):
    response = auth_client.patch(
        URL, {"full_name": "", "display_name": "", "what_i_do": ""}, format="multipart"
    )
    assert response.status_code == 400
    assert response.json() == {
        "full_name": ["Full name is required"],
        "display_name": ["Display name is required"],
        "what_i_do": ["Role is required"],
    }


def test_timezone_and_email_rules(auth_client):
    assert auth_client.patch(URL, {"timezone": "Mars/Olympus"}).status_code == 400
    # In the system's zone files but no IANA zone: the machine's setting and a placeholder.
    for zone in ("localtime", "Factory", "posixrules"):
        assert auth_client.patch(URL, {"timezone": zone}).status_code == 400, zone
    assert auth_client.patch(URL, {"timezone": "America/Sao_Paulo"}).status_code == 200
    other = auth_client.patch(URL, {"email": "new@example.org"})
    assert other.status_code == 400 and other.json() == {"email": [EMAIL_READ_ONLY]}
    same = auth_client.patch(URL, {"email": auth_client.user.email.upper(), "city": "Faro"})
    assert same.status_code == 200 and same.json()["city"] == "Faro"


@pytest.mark.parametrize(
    "name", ["Ada\u202egnp.exe", "Ada\u2066x", "Ada\x1b[31m", "Ada\nLovelace", "A\u200fda"]
)
def test_control_and_direction_override_characters_in_names_are_refused(auth_client, name):
    for field in ("display_name", "full_name"):
        answer = auth_client.patch(URL, {field: name})
        assert answer.status_code == 400 and answer.json() == {field: [BAD_NAME_CHARACTERS]}
    auth_client.user.refresh_from_db()
    assert auth_client.user.display_name != name


def test_names_in_any_script_with_joiners_are_kept(auth_client):
    answer = auth_client.patch(URL, {"display_name": "\u0639\u0644\u064a \U0001f469\u200d\U0001f4bb"})
    assert answer.status_code == 200


def test_avatar_png_and_jpeg_are_stored_and_served_absolute(auth_client):
    response = upload(auth_client, "me.png", image_bytes("PNG"))
    assert response.status_code == 200
    url = response.json()["avatar"]
    assert url.startswith("http://testserver/media/avatars/") and url.endswith(".png")
    jpeg = upload(auth_client, "photo.png", image_bytes("JPEG"), content_type="image/jpeg")
    assert jpeg.status_code == 200 and jpeg.json()["avatar"].endswith(".jpg")  # named by content
    assert auth_client.get(URL).json()["avatar"] == jpeg.json()["avatar"]


def test_avatar_too_large(auth_client):
    big = image_bytes("PNG") + b"\0" * 1048576
    response = upload(auth_client, "big.png", big)
    assert response.status_code == 400 and response.json() == {"avatar": [AVATAR_TOO_LARGE]}


def test_avatar_of_the_wrong_type(auth_client):
    response = upload(auth_client, "me.gif", image_bytes("GIF"), content_type="image/gif")
    assert response.status_code == 400 and response.json() == {"avatar": [AVATAR_WRONG_TYPE]}


def test_a_png_that_is_not_an_image(auth_client):
    response = upload(auth_client, "fake.png", b"\x89PNG\r\n\x1a\nnot really a picture")
    assert response.status_code == 400 and response.json() == {"avatar": [AVATAR_NOT_IMAGE]}
    assert upload(auth_client, "notes.png", b"hello").json() == {"avatar": [AVATAR_NOT_IMAGE]}


def test_remove_the_avatar(auth_client):
    upload(auth_client, "me.png", image_bytes())
    assert auth_client.patch(URL, {"remove_avatar": True}).json()["avatar"] is None
    upload(auth_client, "me.png", image_bytes())
    assert auth_client.patch(URL, {"avatar": ""}, format="multipart").json()["avatar"] is None


def test_profile_change_publishes_user_and_teammate_events(
    auth_client, django_capture_on_commit_callbacks, monkeypatch
):
    sent = []
    monkeypatch.setattr(
        "apps.realtime.events._send", lambda groups, message: sent.append((groups, message["event"]))
    )
    with django_capture_on_commit_callbacks(execute=True):
        auth_client.patch(URL, {"display_name": "Ada L."})
    user = auth_client.user
    assert sent == [
        ([f"user-{user.pk}"], "user_updated"),
        ([f"workspace-{user.workspace_id}"], "teammate_updated"),
    ]
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        auth_client.patch(URL, {"display_name": "Ada L."})  # no change, no news
    assert sent == []


def test_a_small_file_with_huge_dimensions_is_refused(auth_client):
    buffer = io.BytesIO()
    Image.new("1", (12000, 12000)).save(buffer, format="PNG", optimize=True)  # ~20 KB, 144 Mpx
    assert len(buffer.getvalue()) < 1048576
    response = upload(auth_client, "bomb.png", buffer.getvalue())
    assert response.status_code == 400
    assert response.json() == {"avatar": [AVATAR_TOO_MANY_PIXELS]}
    auth_client.user.refresh_from_db()
    assert not auth_client.user.avatar


def test_stored_avatar_is_reencoded_without_metadata_or_trailing_bytes(auth_client):
    exif = Image.Exif()
    exif[0x010F] = "SpyCam"  # Make
    buffer = io.BytesIO()
    Image.new("RGB", (1200, 900), (10, 120, 200)).save(buffer, format="JPEG", exif=exif.tobytes())
    payload = buffer.getvalue() + b"<script>alert(1)</script>"
    response = upload(auth_client, "me.jpg", payload, content_type="image/jpeg")
    assert response.status_code == 200
    auth_client.user.refresh_from_db()
    stored = auth_client.user.avatar.read()
    assert b"<script>" not in stored and b"SpyCam" not in stored
    with Image.open(io.BytesIO(stored)) as image:
        assert image.format == "JPEG"
        assert max(image.size) == AVATAR_STORED_SIDE
        assert not image.getexif()


def test_a_phone_jpeg_read_as_mpo_is_accepted(auth_client):
    buffer = io.BytesIO()
    first, second = Image.new("RGB", (64, 48), "red"), Image.new("RGB", (64, 48), "blue")
    first.save(buffer, format="MPO", save_all=True, append_images=[second])
    with Image.open(io.BytesIO(buffer.getvalue())) as check:
        assert check.format == "MPO"
    response = upload(auth_client, "IMG_0001.JPG", buffer.getvalue(), content_type="image/jpeg")
    assert response.status_code == 200
    assert response.json()["avatar"].endswith(".jpg")


def test_an_oversized_upload_is_refused_before_it_is_read(auth_client):
    response = upload(auth_client, "huge.png", b"\0" * (3 * 1024 * 1024))
    assert response.status_code == 413
    assert response.json() == {"detail": AVATAR_TOO_LARGE}
    auth_client.user.refresh_from_db()
    assert not auth_client.user.avatar
