# dakbot: the Discord bot in a container (DESIGN §1).
#   docker build -t dakbot .
#   docker run -e DISCORD_TOKEN=... -v dakbot-data:/data dakbot
FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DAKBOT_DB=/data/dakbot.sqlite3
WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY render ./render
COPY bot ./bot
COPY cogs ./cogs
RUN pip install --no-cache-dir . && useradd --create-home dakbot && mkdir -p /data && chown dakbot /data
USER dakbot
VOLUME ["/data"]
CMD ["dakbot", "run"]
