import pytest

pytestmark = pytest.mark.django_db

P = "/api/projects"


def section_events(published):
    return [(m, users) for m, users, _ in published if m["event"] == "sections_changed"]


def test_a_section_move_tells_every_project_member_which_list_changed(world, published):
    response = world.clients["owner"].post(
        f"{P}/section/move/",
        {
            "task_list": world.task_list.pk,
            "source_index": 0,
            "source_table": "active",
            "destination_index": 1,
            "destination_table": "active",
        },
        format="json",
    )
    assert response.status_code == 200, response.content
    [(message, recipients)] = section_events(published)
    assert message["table_name"] == "section" and message["action"] == "move"
    assert message["meta"] == {
        "project_id": world.project.pk,
        "task_list_id": world.task_list.pk,
        "actor_id": world.owner.pk,
    }
    assert recipients == sorted([world.owner.pk, world.member.pk, world.newcomer.pk])
    assert world.outsider.pk not in recipients and world.stranger.pk not in recipients


def test_moving_a_section_to_another_list_announces_both_lists(world, published):
    response = world.clients["owner"].post(
        f"{P}/section/{world.section.pk}/move_to_list/", {"task_list": world.other_list.pk}, format="json"
    )
    assert response.status_code == 200, response.content
    lists = {m["meta"]["task_list_id"] for m, _ in section_events(published)}
    assert lists == {world.task_list.pk, world.other_list.pk}


def test_a_refused_section_write_announces_nothing(world, published):
    response = world.clients["member"].post(f"{P}/section/", {"task_list": world.task_list.pk, "title": "X"})
    assert response.status_code in (403, 404)
    response = world.clients["owner"].delete(f"{P}/section/{world.section.pk}/")  # has a task
    assert response.status_code == 400
    assert section_events(published) == []
